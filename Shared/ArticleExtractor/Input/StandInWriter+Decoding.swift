/// Decoding values and runs as Gumbo would, for the stand-ins' values.
extension StandInWriter {
    /// Appends to the pending stand-in the text of `start..<end` as Gumbo decodes it; false when it holds
    /// something decoded here in no way known to equal Gumbo's (the caller discards what was appended).
    mutating func decode(_ start: Int, _ end: Int, inAttribute: Bool) -> Bool {
        guard let base = source.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var index = start
        var segment = start
        while index < end {
            // Eight bytes at a time while they are ASCII without `&`.
            if index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0, ByteLanes.equal(word, 0x26) == 0 {
                    index += 8
                    continue
                }
            }
            let byte = source[index]
            if byte < 0x80 {
                guard byte == UInt8(ascii: "&") else {
                    index += 1
                    continue
                }
                switch reference(at: index, end: end, inAttribute: inAttribute) {
                case .literal:
                    index += 1
                case .unknown:
                    return false
                case .scalar(let scalar, let length):
                    append(segment, index)
                    appendUTF8(scalar)
                    index += length
                    segment = index
                }
                continue
            }
            guard let width = scalarWidth(at: index, end: end) else { return false }
            index += width
        }
        append(segment, end)
        return true
    }

    enum Reference {
        /// Not a reference: the `&` is text.
        case literal
        /// A reference decoded to a scalar, and its length in bytes.
        case scalar(UInt32, Int)
        /// Something Gumbo decodes that is not decoded here.
        case unknown
    }

    /// What Gumbo makes of the `&` at `index` (a value or run ends at `end`).
    func reference(at index: Int, end: Int, inAttribute: Bool) -> Reference {
        let next = index + 1
        // At the end of a value the next character is its quote, `>` or whitespace; at the end of a run, `<`.
        guard next < end else { return .literal }
        let byte = source[next]
        if HTMLByte.isSpace(byte) || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") { return .literal }
        if byte == UInt8(ascii: "#") { return numericReference(at: index, end: end) }
        guard HTMLByte.isLetter(byte) || HTMLByte.isDigit(byte) else { return .literal }
        var nameEnd = next
        while nameEnd < end, HTMLByte.isLetter(source[nameEnd]) || HTMLByte.isDigit(source[nameEnd]) { nameEnd += 1 }
        if nameEnd < end, source[nameEnd] == UInt8(ascii: ";") {
            guard let base = source.baseAddress,
                  let scalar = NamedReferences.scalar(base + next, count: nameEnd - next) else { return .unknown }
            return .scalar(scalar, nameEnd + 1 - index)
        }
        // In a value, a name without its `;` followed by `=` or a letter is text, whatever the name.
        if inAttribute, nameEnd < end, source[nameEnd] == UInt8(ascii: "=") { return .literal }
        return .unknown
    }

    /// `&#…;` and `&#x…;` with their `;`, for scalars that Gumbo keeps as they are (no whitespace, controls,
    /// surrogates or noncharacters, which it reports or replaces).
    func numericReference(at index: Int, end: Int) -> Reference {
        var position = index + 2
        let hex = position < end && source[position] | 0x20 == UInt8(ascii: "x")
        if hex { position += 1 }
        var value: UInt32 = 0
        var digits = 0
        while position < end {
            let byte = source[position]
            let digit: UInt32
            if HTMLByte.isDigit(byte) {
                digit = UInt32(byte - UInt8(ascii: "0"))
            } else if hex, byte | 0x20 >= UInt8(ascii: "a"), byte | 0x20 <= UInt8(ascii: "f") {
                digit = UInt32(byte | 0x20 - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            value = value * (hex ? 16 : 10) + digit
            guard value <= 0x10FFFF else { return .unknown }
            digits += 1
            position += 1
        }
        guard digits > 0, position < end, source[position] == UInt8(ascii: ";") else { return .unknown }
        switch value {
        case 0x21...0x7E, 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFFD:
            return .scalar(value, position + 1 - index)
        case 0x10000...0x10FFFC where value & 0xFFFE != 0xFFFE:
            return .scalar(value, position + 1 - index)
        default:
            return .unknown
        }
    }

    /// The length of the valid UTF-8 sequence at `index`, nil when it is invalid or a code point Gumbo replaces
    /// (a C1 control, a noncharacter).
    func scalarWidth(at index: Int, end: Int) -> Int? {
        let first = source[index]
        func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard index + offset < end else { return nil }
            let byte = source[index + offset]
            return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
        }
        switch first {
        case 0xC2...0xDF:
            guard let second = continuation(1) else { return nil }
            let scalar = UInt32(first & 0x1F) << 6 | second
            return scalar >= 0xA0 ? 2 : nil
        case 0xE0...0xEF:
            let low: UInt8 = first == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = first == 0xED ? 0x9F : 0xBF
            guard let second = continuation(1, low, high), let third = continuation(2) else { return nil }
            let scalar = UInt32(first & 0x0F) << 12 | second << 6 | third
            if scalar >= 0xFDD0, scalar <= 0xFDEF { return nil }
            return scalar & 0xFFFE == 0xFFFE ? nil : 3
        case 0xF0...0xF4:
            let low: UInt8 = first == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = first == 0xF4 ? 0x8F : 0xBF
            guard let second = continuation(1, low, high), let third = continuation(2), let fourth = continuation(3) else { return nil }
            let scalar = UInt32(first & 0x07) << 18 | second << 12 | third << 6 | fourth
            return scalar & 0xFFFE == 0xFFFE ? nil : 4
        default:
            return nil
        }
    }
}
