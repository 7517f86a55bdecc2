import Foundation

/// A scan of the markup before it is parsed: how many elements it opens, and about how deep they nest.
///
/// Gumbo builds whatever tree the bytes describe, and its work per start tag grows with the depth of the open
/// elements (each one looks for an element in scope), so a page of a hundred thousand nested `<div>`s would keep
/// it busy for minutes. This scan refuses such pages in one pass over the bytes. The depth is an estimate of
/// HTML's own: end tags close the nearest open element of their name (looked for among the sixteen innermost),
/// and `<p>`, `<li>`, `<dt>`, `<dd>`, `<option>` and table rows and cells close an open one of the same name, so
/// that old pages that never close their paragraphs do not look deep. It errs towards too deep, never by much
/// on real pages.
///
/// The scan also notes what the parser need not read: the bodies of scripts (other than JSON-LD) and style
/// sheets, comments, and the insides of inline SVG images (icons and charts, which the extraction drops). Gumbo reads script text a character at a time through its escape states; leaving it
/// out halves the parse of a typical page and changes nothing else in the tree.
enum MarkupPrescan {
    /// What the scan found.
    struct Result: Equatable {
        var elements = 0
        var depth = 0
        /// Byte ranges the parser can skip, in order.
        var skippable: [Range<Int>] = []
        /// Byte ranges whose whitespace is content (`<pre>`, `<listing>`, `<xmp>`, `<plaintext>`), in order.
        var preformatted: [Range<Int>] = []
    }

    /// Scans `bytes`, stopping early with the problem as soon as a limit is passed.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, limits: ExtractionLimits) throws(ExtractionProblem) -> Result {
        var result = Result()
        var stack: [UInt64] = []
        stack.reserveCapacity(256)
        let count = bytes.count
        var index = 0
        while index < count {
            index = find(UInt8(ascii: "<"), in: bytes, from: index)
            guard index + 1 < count else { break }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "!") {
                let end = skipDeclaration(bytes, from: index + 2)
                if isComment(bytes, at: index) { result.skippable.append(index..<end) }
                index = end
            } else if next == UInt8(ascii: "/") {
                let (name, after) = readName(bytes, from: index + 2)
                if name != 0, let found = stack.suffix(16).lastIndex(of: name) {
                    stack.removeSubrange(found...)
                }
                index = skip(to: UInt8(ascii: ">"), in: bytes, from: after)
            } else if isLetter(next) {
                let (name, after) = readName(bytes, from: index + 1)
                result.elements += 1
                if result.elements > limits.maxElements { throw .tooManyElements(limit: limits.maxElements) }
                let end = skip(to: UInt8(ascii: ">"), in: bytes, from: after)
                let selfClosing = end - 2 >= after && bytes[end - 1] == UInt8(ascii: ">") && bytes[end - 2] == UInt8(ascii: "/")
                if preformattedNames.contains(name), result.preformatted.last.map({ $0.upperBound <= index }) ?? true {
                    result.preformatted.append(index..<preformattedEnd(bytes, from: end, name: name))
                }
                if rawText.contains(name) {
                    let (contentEnd, after) = skipRawText(bytes, from: end, name: name)
                    if skippableBodies.contains(name), contentEnd > end,
                       !(name == scriptName && mentionsJSONLD(bytes, index..<end)) {
                        result.skippable.append(end..<contentEnd)
                    }
                    index = after
                    continue
                }
                index = end
                if void.contains(name) || selfClosing { continue }
                if name == svgName, let inside = svgBody(bytes, from: end) {
                    result.skippable.append(end..<inside)
                    index = inside
                    continue
                }
                if closesItsLike.contains(name), let found = stack.suffix(4).lastIndex(of: name) {
                    stack.removeSubrange(found...)
                }
                stack.append(name)
                if stack.count > result.depth {
                    result.depth = stack.count
                    if result.depth > limits.maxDepth { throw .nestedTooDeeply(limit: limits.maxDepth) }
                }
            } else {
                index += 1
            }
        }
        return result
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// The tag name at `start`, lower-cased and packed into 8 bytes, and the index after it.
    private static func readName(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (UInt64, Int) {
        var name: UInt64 = 0
        var index = start
        var length = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") else { break }
            if length < 8 { name = name << 8 | UInt64(byte | (isLetter(byte) ? 0x20 : 0)) }
            length += 1
            index += 1
        }
        return (name, index)
    }

    /// The index after the next `byte` from `start`, or the end.
    private static func skip(to byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let found = find(byte, in: bytes, from: start)
        return found < bytes.count ? found + 1 : bytes.count
    }

    private static func isComment(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        start + 3 < bytes.count && bytes[start + 2] == UInt8(ascii: "-") && bytes[start + 3] == UInt8(ascii: "-")
    }

    /// After `<!`: a comment ends at `-->` or `--!>` (or at once, `<!-->` and `<!--->`, as HTML reads them), a
    /// doctype or other declaration at `>`.
    private static func skipDeclaration(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: "-") else {
            return skip(to: UInt8(ascii: ">"), in: bytes, from: start)
        }
        var index = start + 2
        if index < bytes.count, bytes[index] == UInt8(ascii: ">") { return index + 1 }
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: ">") { return index + 2 }
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                if bytes[index + 2] == UInt8(ascii: ">") { return index + 3 }
                if bytes[index + 2] == UInt8(ascii: "!"), index + 3 < bytes.count, bytes[index + 3] == UInt8(ascii: ">") {
                    return index + 4
                }
            }
            index += 1
        }
        return bytes.count
    }

    /// Where the text of raw-text element `name` ends (the `<` of its end tag) and the index after that end tag
    /// (a script's `<div>` strings are not elements).
    private static func skipRawText(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: UInt64) -> (Int, Int) {
        var index = start
        while index + 1 < bytes.count {
            index = find(UInt8(ascii: "<"), in: bytes, from: index)
            guard index + 1 < bytes.count else { break }
            if bytes[index + 1] == UInt8(ascii: "/") {
                let (found, after) = readName(bytes, from: index + 2)
                if found == name { return (index, skip(to: UInt8(ascii: ">"), in: bytes, from: after)) }
            }
            index += 1
        }
        return (bytes.count, bytes.count)
    }

    /// The index of the next `byte` from `start`, or the end (memchr: most of a page is between tags).
    static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index after the end tag that closes the preformatted element `name` opened before `start` (nested
    /// ones counted), or the end of the page.
    private static func preformattedEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, name: UInt64) -> Int {
        if name == plaintextName { return bytes.count }
        var depth = 1
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                let closing = bytes[index + 1] == UInt8(ascii: "/")
                let (found, after) = readName(bytes, from: index + (closing ? 2 : 1))
                if found == name {
                    depth += closing ? -1 : 1
                    if depth == 0 { return skip(to: UInt8(ascii: ">"), in: bytes, from: after) }
                }
                index = max(after, index + 1)
                continue
            }
            index += 1
        }
        return bytes.count
    }

    /// Where the inside of an `<svg>` opened before `start` ends (the `<` of its end tag, nested ones counted),
    /// or nil when it holds a tag that HTML would read as leaving the SVG (`<p>`, `<div>`, `<table>`…, a page's
    /// mistake the parser mends by closing the image) or never ends: then nothing is skipped.
    private static func svgBody(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var depth = 1
        var index = start
        while true {
            index = find(UInt8(ascii: "<"), in: bytes, from: index)
            guard index + 1 < bytes.count else { return nil }
            let closing = bytes[index + 1] == UInt8(ascii: "/")
            let (name, after) = readName(bytes, from: index + (closing ? 2 : 1))
            if name == svgName {
                depth += closing ? -1 : 1
                if depth == 0 { return index }
            } else if breakout.contains(name), !closing || name == pName || name == brName {
                return nil
            }
            index = max(after, index + 1)
        }
    }

    /// Whether the start tag in `range` says `ld+json` (a JSON-LD script, whose text the metadata needs).
    private static func mentionsJSONLD(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let needle = Array("ld+json".utf8)
        guard range.count >= needle.count else { return false }
        for start in range.lowerBound...(range.upperBound - needle.count) {
            var matched = true
            for offset in 0..<needle.count where bytes[start + offset] | 0x20 != needle[offset] | 0x20 {
                matched = false
                break
            }
            if matched { return true }
        }
        return false
    }

    private static func packed(_ names: [String]) -> Set<UInt64> {
        Set(names.map { $0.utf8.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } })
    }

    private static let void = packed([
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
        "keygen", "frame", "image",
    ])
    private static let rawText = packed(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"])
    private static let skippableBodies = packed(["script", "style"])
    private static let svgName = packed(["svg"]).first!
    private static let pName = packed(["p"]).first!
    private static let brName = packed(["br"]).first!
    /// The start tags that end foreign content in HTML's tree construction (and `<font>`, with some attributes).
    private static let breakout = packed([
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2",
        "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr", "ol", "p", "pre",
        "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var", "font",
    ])
    private static let preformattedNames = packed(["pre", "listing", "xmp", "plaintext"])
    private static let plaintextName = packed(["plaintext"]).first!
    private static let scriptName = packed(["script"]).first!
    private static let closesItsLike = packed(["p", "li", "dt", "dd", "option", "tr", "td", "th", "tbody", "thead", "tfoot"])
}
