/// A start tag ``HTMLTagScanner`` found: its name and attributes, names lower-cased, values as written (character
/// references not decoded yet); of an attribute written twice, the first wins, as in HTML.
struct HTMLStartTag: Equatable {
    var name: String
    var attributes: [String: String]
}

/// Finds the start tags of an HTML page in its UTF-8 bytes, the way a browser's tokenizer would, without
/// building anything else: a small, liberal scanner for the few tags feed discovery reads (`<link>`, `<base>`).
///
/// Comments, doctypes, processing instructions and the text of elements whose content is not markup (`<script>`,
/// `<style>`, `<title>`, `<textarea>` …) are skipped, so a `<link>` written inside them is not taken for one.
/// Nothing is ever executed or fetched. It never fails: broken markup (an unclosed quote, a `<` in text, a
/// comment that never ends) reads as a browser would read it or ends the scan, and every index is checked, so
/// any bytes at all are safe. Memory is bounded by the caller's input and the limits below.
enum HTMLTagScanner {
    /// Elements whose content is text up to their end tag.
    static let rawTextElements: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "template",
    ]
    /// Attributes kept per tag: a real `<link>` has a handful.
    static let maximumAttributes = 32
    /// Bytes kept of one attribute value: an address or a title is far shorter.
    static let maximumValueBytes = 8 * 1024

    /// Calls `visit` with each start tag named in `names`, in document order, until it returns false.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, names: Set<String>, visit: (HTMLStartTag) -> Bool) {
        var cursor = Cursor(bytes: bytes)
        while let open = cursor.next(UInt8(ascii: "<")) {
            cursor.index = open + 1
            guard let first = cursor.peek() else { return }
            switch first {
            case UInt8(ascii: "!"):
                if cursor.hasPrefix("!--") {
                    cursor.index = cursor.find("-->", from: cursor.index + 3).map { $0 + 3 } ?? bytes.count
                } else {
                    cursor.skipPast(UInt8(ascii: ">"))
                }
            case UInt8(ascii: "?"), UInt8(ascii: "/"):
                cursor.skipPast(UInt8(ascii: ">"))
            default:
                guard first.isASCIILetter else { continue }  // `a < b` in text
                let name = cursor.tagName()
                let wanted = names.contains(name)
                let attributes = cursor.attributes(keeping: wanted)
                if wanted, !visit(HTMLStartTag(name: name, attributes: attributes)) { return }
                if name == "plaintext" { return }  // the rest of the page is text
                if rawTextElements.contains(name) { cursor.skipRawText(of: name) }
            }
        }
    }
}

/// A position in the bytes being scanned, with the moves the scanner makes; every read is bounds-checked.
private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// The index of the next `byte` at or after the cursor.
    func next(_ byte: UInt8) -> Int? {
        var i = index
        while i < bytes.count {
            if bytes[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// Moves past the next `byte`, or to the end.
    mutating func skipPast(_ byte: UInt8) {
        index = next(byte).map { $0 + 1 } ?? bytes.count
    }

    /// Whether the bytes at the cursor are `text` (ASCII, compared as written).
    func hasPrefix(_ text: StaticString) -> Bool {
        matches(text, at: index)
    }

    /// The index where `text` next occurs at or after `start`.
    func find(_ text: StaticString, from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if matches(text, at: i) { return i }
            i += 1
        }
        return nil
    }

    private func matches(_ text: StaticString, at start: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return text.withUTF8Buffer { wanted in
            for offset in 0..<count {
                if bytes[start + offset] != wanted[offset] { return false }
            }
            return true
        }
    }

    /// The tag name at the cursor, lower-cased (the cursor moves past it).
    mutating func tagName() -> String {
        let start = index
        while let byte = peek(), !byte.isHTMLSpace, byte != UInt8(ascii: "/"), byte != UInt8(ascii: ">") {
            index += 1
        }
        // Names longer than any element's are kept short: nobody looks them up.
        return String(decoding: bytes[start..<min(index, start + 32)].map(\.asciiLowercased), as: UTF8.self)
    }

    /// Reads the attributes up to the end of the tag (the cursor moves past its `>`); kept only when `keeping`.
    mutating func attributes(keeping: Bool) -> [String: String] {
        var attributes: [String: String] = [:]
        while true {
            while let byte = peek(), byte.isHTMLSpace || byte == UInt8(ascii: "/") { index += 1 }
            guard let byte = peek() else { return attributes }
            if byte == UInt8(ascii: ">") {
                index += 1
                return attributes
            }
            // The first character belongs to the name whatever it is (even `=`), so the loop always moves.
            let nameStart = index
            index += 1
            while let byte = peek(), !byte.isHTMLSpace, byte != UInt8(ascii: "/"), byte != UInt8(ascii: ">"),
                byte != UInt8(ascii: "=")
            {
                index += 1
            }
            let nameEnd = index
            while let byte = peek(), byte.isHTMLSpace { index += 1 }
            var value: Range<Int>?
            if peek() == UInt8(ascii: "=") {
                index += 1
                while let byte = peek(), byte.isHTMLSpace { index += 1 }
                value = attributeValue()
            }
            guard keeping, attributes.count < HTMLTagScanner.maximumAttributes else { continue }
            let name = String(
                decoding: bytes[nameStart..<min(nameEnd, nameStart + 64)].map(\.asciiLowercased), as: UTF8.self)
            if attributes[name] == nil {
                let range = value ?? index..<index
                let kept = range.lowerBound..<min(range.upperBound, range.lowerBound + HTMLTagScanner.maximumValueBytes)
                attributes[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[kept]), as: UTF8.self)
            }
        }
    }

    /// A quoted value (to its closing quote, or the end when it never closes) or an unquoted one (to a space or `>`).
    private mutating func attributeValue() -> Range<Int> {
        if let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            let start = index
            let end = next(quote) ?? bytes.count
            index = min(end + 1, bytes.count)
            return start..<end
        }
        let start = index
        while let byte = peek(), !byte.isHTMLSpace, byte != UInt8(ascii: ">") { index += 1 }
        return start..<index
    }

    /// Moves to the end tag of raw-text element `name` (`</script`, any case, then a space, `/` or `>`), or to
    /// the end of the bytes when it never closes.
    mutating func skipRawText(of name: String) {
        let wanted = Array(name.utf8)
        while let open = next(UInt8(ascii: "<")) {
            index = open + 1
            guard peek() == UInt8(ascii: "/") else { continue }
            let start = open + 2
            let end = start + wanted.count
            guard end <= bytes.count else { break }
            let sameName = (0..<wanted.count).allSatisfy { bytes[start + $0].asciiLowercased == wanted[$0] }
            if sameName, end == bytes.count || bytes[end].isHTMLSpace || bytes[end] == UInt8(ascii: "/")
                || bytes[end] == UInt8(ascii: ">")
            {
                index = open
                return
            }
        }
        index = bytes.count
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool { self | 0x20 >= 0x61 && self | 0x20 <= 0x7A }
    fileprivate var isHTMLSpace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D }
    fileprivate var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}
