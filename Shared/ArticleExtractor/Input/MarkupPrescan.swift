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
                let classes = Self.classes(name)
                if classes.contains(.preformatted), result.preformatted.last.map({ $0.upperBound <= index }) ?? true {
                    result.preformatted.append(index..<preformattedEnd(bytes, from: end, name: name))
                }
                if classes.contains(.rawText) {
                    let (contentEnd, after) = skipRawText(bytes, from: end, name: name)
                    if classes.contains(.skippableBody), contentEnd > end,
                       !(name == scriptName && mentionsJSONLD(bytes, index..<end)) {
                        result.skippable.append(end..<contentEnd)
                    }
                    index = after
                    continue
                }
                index = end
                if classes.contains(.void) || selfClosing { continue }
                if name == svgName, let inside = svgBody(bytes, from: end) {
                    result.skippable.append(end..<inside)
                    index = inside
                    continue
                }
                if classes.contains(.closesItsLike), let found = stack.suffix(4).lastIndex(of: name) {
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
            } else if classes(name).contains(.breakout), !closing || name == pName || name == brName {
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

    private static func packed(_ name: String) -> UInt64 {
        name.utf8.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    private static let svgName = packed("svg")
    private static let pName = packed("p")
    private static let brName = packed("br")
    private static let plaintextName = packed("plaintext")
    private static let scriptName = packed("script")

    /// What the scan knows of an element by its name.
    struct NameClasses: OptionSet {
        let rawValue: UInt8
        /// Elements that never have content.
        static let void = NameClasses(rawValue: 1)
        /// Elements whose text is not markup.
        static let rawText = NameClasses(rawValue: 2)
        /// Raw-text elements whose text the parser need not read (script and style).
        static let skippableBody = NameClasses(rawValue: 4)
        /// Start tags that end foreign content in HTML's tree construction (and `<font>`, with some attributes).
        static let breakout = NameClasses(rawValue: 8)
        /// Elements whose whitespace is content.
        static let preformatted = NameClasses(rawValue: 16)
        /// Elements that an open one of the same name closes.
        static let closesItsLike = NameClasses(rawValue: 32)
    }

    /// The classes of the element whose name `readName` packed as `name` (a switch on the names packed so: a
    /// `Set` hashed every tag, a tenth of the scan).
    static func classes(_ name: UInt64) -> NameClasses {
        switch name {
        // b, big, blockquote (by its first eight letters), body, center, code, div, dl, em, font, h1, h2, h3, h4, h5,
        // h6, head, i, menu, nobr, ol, ruby, s, small, span, strike, strong, sub, sup, table, tt, u, ul, var
        case 0x62, 0x626967, 0x626C6F636B71756F, 0x626F6479, 0x63656E746572, 0x636F6465, 0x646976, 0x646C, 0x656D,
             0x666F6E74, 0x6831, 0x6832, 0x6833, 0x6834, 0x6835, 0x6836, 0x68656164, 0x69, 0x6D656E75, 0x6E6F6272,
             0x6F6C, 0x72756279, 0x73, 0x736D616C6C, 0x7370616E, 0x737472696B65, 0x7374726F6E67, 0x737562, 0x737570,
             0x7461626C65, 0x7474, 0x75, 0x756C, 0x766172:
            return [.breakout]
        // option, tbody, td, tfoot, th, thead, tr
        case 0x6F7074696F6E, 0x74626F6479, 0x7464, 0x74666F6F74, 0x7468, 0x7468656164, 0x7472:
            return [.closesItsLike]
        // plaintext (by its first eight letters)
        case 0x706C61696E746578:
            return [.preformatted]
        // iframe, noembed, noframes, textarea, title
        case 0x696672616D65, 0x6E6F656D626564, 0x6E6F6672616D6573, 0x7465787461726561, 0x7469746C65:
            return [.rawText]
        // area, base, col, frame, image, input, keygen, link, param, source, track, wbr
        case 0x61726561, 0x62617365, 0x636F6C, 0x6672616D65, 0x696D616765, 0x696E707574, 0x6B657967656E, 0x6C696E6B,
             0x706172616D, 0x736F75726365, 0x747261636B, 0x776272:
            return [.void]
        // dd, dt, li, p
        case 0x6464, 0x6474, 0x6C69, 0x70:
            return [.breakout, .closesItsLike]
        // listing, pre
        case 0x6C697374696E67, 0x707265:
            return [.breakout, .preformatted]
        // br, embed, hr, img, meta
        case 0x6272, 0x656D626564, 0x6872, 0x696D67, 0x6D657461:
            return [.breakout, .void]
        // xmp
        case 0x786D70:
            return [.preformatted, .rawText]
        // script, style
        case 0x736372697074, 0x7374796C65:
            return [.rawText, .skippableBody]
        default:
            return []
        }
    }
}
