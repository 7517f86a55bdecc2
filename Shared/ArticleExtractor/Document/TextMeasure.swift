/// The length and commas of some text as the scoring sees it: trimmed, each run of whitespace counted as one.
///
/// Measured on UTF-8 bytes, one pass, no string built. Lengths count Unicode scalars. Whitespace is what
/// JavaScript's `\s` matches for the characters pages use (ASCII whitespace, no-break space, the U+2000 spaces,
/// the ideographic space, line and paragraph separators, the byte order mark), so that thresholds written for
/// Readability's character counts mean the same here.
struct TextMeasure {
    /// Scalars, with every whitespace run counted as one and the runs at both ends included.
    private(set) var collapsedLength = 0
    private(set) var startsWithSpace = false
    private(set) var endsWithSpace = false
    /// Commas, in the scripts that write them (Latin, Arabic, CJK full-width and others).
    private(set) var commas = 0

    /// The trimmed length.
    var length: Int {
        guard collapsedLength > 0 else { return 0 }
        if collapsedLength == 1, startsWithSpace { return 0 }
        return collapsedLength - (startsWithSpace ? 1 : 0) - (endsWithSpace ? 1 : 0)
    }

    /// Adds the text of `bytes` after what was measured so far.
    mutating func add(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { add($0) }
    }

    /// Adds the text of `bytes` after what was measured so far.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let end = bytes.count
        while index < end {
            // Eight ASCII bytes at a time: each one counts but a space after a space.
            if index + 8 <= end, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    addASCII(word)
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            var width = 1
            var space = false
            if byte < 0x80 {
                space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
                if byte == 0x2C { commas += 1 }
            } else if byte >= 0xC0 {
                width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if index + width <= end {
                    let b1 = bytes[index + 1]
                    if width == 2 {
                        space = byte == 0xC2 && b1 == 0xA0
                        if byte == 0xD8 && b1 == 0x8C { commas += 1 }
                    } else if width == 3 {
                        let b2 = bytes[index + 2]
                        space = Self.isWideSpace(byte, b1, b2)
                        if Self.isWideComma(byte, b1, b2) { commas += 1 }
                    }
                } else {
                    width = end - index
                }
            }
            if space {
                if collapsedLength == 0 {
                    startsWithSpace = true
                    collapsedLength = 1
                } else if !endsWithSpace {
                    collapsedLength += 1
                }
                endsWithSpace = true
            } else {
                collapsedLength += 1
                endsWithSpace = false
            }
            index += width
        }
    }

    /// Adds eight ASCII bytes, as the byte-by-byte loop would (bit 7 of each byte of the masks marks it).
    private mutating func addASCII(_ word: UInt64) {
        let high: UInt64 = 0x8080_8080_8080_8080
        // No byte is above 0x7F, so adding to each byte carries into no other.
        let atLeast09 = (word &+ 0x7777_7777_7777_7777) & high
        let atLeast0E = (word &+ 0x7272_7272_7272_7272) & high
        let spaces = (atLeast09 & ~atLeast0E) | Self.equal(word, 0x20)
        commas += Self.equal(word, 0x2C).nonzeroBitCount
        let following = spaces << 8 | (endsWithSpace ? 0x80 : 0)
        if collapsedLength == 0, spaces & 0x80 != 0 { startsWithSpace = true }
        collapsedLength += 8 - spaces.nonzeroBitCount + (spaces & ~following).nonzeroBitCount
        endsWithSpace = spaces & 0x8000_0000_0000_0000 != 0
    }

    /// Bit 7 of each byte of `word` that is `byte`, exactly.
    private static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~((difference & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F | difference) & 0x8080_8080_8080_8080
    }

    /// Adds the text measured by `other` after this one.
    mutating func add(_ other: TextMeasure) {
        guard other.collapsedLength > 0 else { return }
        if collapsedLength == 0 {
            self = other
            return
        }
        collapsedLength += other.collapsedLength - (endsWithSpace && other.startsWithSpace ? 1 : 0)
        if other.collapsedLength == 1, other.startsWithSpace {
            endsWithSpace = true
        } else {
            endsWithSpace = other.endsWithSpace
        }
        commas += other.commas
    }

    /// U+00A0 is two bytes; these are the three-byte spaces: U+1680, U+2000–U+200A, U+2028, U+2029, U+202F,
    /// U+205F, U+3000, U+FEFF.
    static func isWideSpace(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch (b0, b1) {
        case (0xE2, 0x80): return b2 <= 0x8A || b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF
        case (0xE2, 0x81): return b2 == 0x9F
        case (0xE3, 0x80): return b2 == 0x80
        case (0xE1, 0x9A): return b2 == 0x80
        case (0xEF, 0xBB): return b2 == 0xBF
        default: return false
        }
    }

    /// U+FE50, U+FE10, U+FE11, U+2E41, U+2E34, U+2E32, U+FF0C.
    static func isWideComma(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch (b0, b1) {
        case (0xEF, 0xB9): return b2 == 0x90
        case (0xEF, 0xB8): return b2 == 0x90 || b2 == 0x91
        case (0xE2, 0xB9): return b2 == 0x81
        case (0xE2, 0xB8): return b2 == 0xB4 || b2 == 0xB2
        case (0xEF, 0xBC): return b2 == 0x8C
        default: return false
        }
    }

    /// Whether `scalar` is whitespace as the measure counts it.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: true
        default: false
        }
    }

    /// `text` trimmed, each run of whitespace made one space.
    static func normalized(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isSpace(scalar) {
                pendingSpace = !scalars.isEmpty
            } else {
                if pendingSpace { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
