/// Copying bytes to the output and the values, and searching the page.
extension StandInWriter {
    /// Copies `start..<end` of the page to the output.
    mutating func copy(_ start: Int, _ end: Int) {
        guard start < end else { return }
        guard written + end - start <= outputCapacity else {
            outcome = .asIs
            return
        }
        (output + written).update(from: source.baseAddress! + start, count: end - start)
        written += end - start
    }

    mutating func put(_ byte: UInt8) {
        output[written] = byte
        written += 1
    }

    /// Appends `start..<end` of the page to the value being decoded.
    mutating func append(_ start: Int, _ end: Int) {
        guard start < end else { return }
        (storage + stored).update(from: source.baseAddress! + start, count: end - start)
        stored += end - start
    }

    mutating func store(_ byte: UInt32) {
        storage[stored] = UInt8(truncatingIfNeeded: byte)
        stored += 1
    }

    mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            store(scalar)
        case 0x80..<0x800:
            store(0xC0 | scalar >> 6)
            store(0x80 | scalar & 0x3F)
        case 0x800..<0x10000:
            store(0xE0 | scalar >> 12)
            store(0x80 | scalar >> 6 & 0x3F)
            store(0x80 | scalar & 0x3F)
        default:
            store(0xF0 | scalar >> 18)
            store(0x80 | scalar >> 12 & 0x3F)
            store(0x80 | scalar >> 6 & 0x3F)
            store(0x80 | scalar & 0x3F)
        }
    }

    func find(_ byte: UInt8, from start: Int) -> Int {
        MarkupPrescan.find(byte, in: source, from: start)
    }

    /// The index after the next `byte` from `start`, or the end.
    func past(_ byte: UInt8, from start: Int) -> Int {
        let found = find(byte, from: start)
        return found < count ? found + 1 : count
    }

    func contains(_ needle: StaticString, _ start: Int, _ end: Int) -> Bool {
        let length = needle.utf8CodeUnitCount
        guard end - start >= length else { return false }
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: length)
        var index = start
        while index + length <= end {
            index = find(pattern[0], from: index)
            guard index + length <= end else { return false }
            if (0..<length).allSatisfy({ source[index + $0] == pattern[$0] }) { return true }
            index += 1
        }
        return false
    }

    /// Whether the page holds U+10FFFD, or a numeric reference that could become it (one too long to be sure
    /// of counts): then stand-ins could not be told from the page's own text.
    static func mentionsMarker(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = source.count
        var index = 0
        while true {
            index = MarkupPrescan.find(StandIns.marker.0, in: source, from: index)
            guard index + 3 < count else { break }
            if source[index + 1] == StandIns.marker.1, source[index + 2] == StandIns.marker.2,
               source[index + 3] == StandIns.marker.3 { return true }
            index += 1
        }
        index = 0
        while true {
            index = MarkupPrescan.find(UInt8(ascii: "&"), in: source, from: index)
            guard index + 2 < count else { break }
            index += 1
            guard source[index] == UInt8(ascii: "#") else { continue }
            var position = index + 1
            let hex = source[position] | 0x20 == UInt8(ascii: "x")
            if hex { position += 1 }
            var value = 0
            while position < count {
                let byte = source[position] | 0x20
                let digit: Int
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    digit = Int(byte - UInt8(ascii: "0"))
                } else if hex, byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "f") {
                    digit = Int(byte - UInt8(ascii: "a") + 10)
                } else {
                    break
                }
                value = value * (hex ? 16 : 10) + digit
                // Gumbo's count of an int may wrap around past this.
                if value > 0x7FF_FFFF { return true }
                position += 1
            }
            if value == 0x10FFFD { return true }
        }
        return false
    }

    /// FNV-1a.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}

/// The byte classes the stand-in writer's tokenizer tests (carriage returns are gone by then).
enum HTMLByte {
    /// HTML's whitespace in the tokenizer: tab, line feed, form feed, space.
    static func isSpace(_ byte: UInt8) -> Bool {
        isIn(byte, spaces)
    }

    /// Whether `byte` is one of the bytes below 64 whose bits are set in `set`.
    static func isIn(_ byte: UInt8, _ set: UInt64) -> Bool {
        byte < 64 && set >> byte & 1 != 0
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// `byte` with an ASCII capital made small.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Tab, line feed, form feed and space.
    static var spaces: UInt64 { 1 << 0x09 | 1 << 0x0A | 1 << 0x0C | 1 << 0x20 }
    /// What ends a tag's name: whitespace, `/`, `>`.
    static var tagNameEnds: UInt64 { spaces | 1 << 0x2F | 1 << 0x3E }
    /// What ends an attribute's name: those and `=`.
    static var attributeNameEnds: UInt64 { tagNameEnds | 1 << 0x3D }
    /// What ends an unquoted value: whitespace and `>`.
    static var unquotedValueEnds: UInt64 { spaces | 1 << 0x3E }
}
