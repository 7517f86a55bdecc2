/// Decoders for the single-byte charsets feeds use most, written here because they are on the hot path and
/// Foundation's windows-1252 refuses the five undefined bytes instead of passing them through.
enum SingleByteCharsets {
    /// windows-1252 code points for bytes 0x80–0x9F (undefined bytes map to the C1 control of the same value,
    /// as browsers do).
    static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    /// Decodes windows-1252 (or ISO-8859-1 when `latin1Only`) into a String.
    static func decode(_ bytes: UnsafeRawBufferPointer, latin1Only: Bool) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            let value: UInt32
            if byte >= 0x80 && byte < 0xA0 && !latin1Only {
                value = windows1252High[Int(byte) - 0x80]
            } else {
                value = UInt32(byte)
            }
            out.append(Unicode.Scalar(value)!)
        }
        return String(out)
    }

    /// Maps a code point from a numeric character reference in 128…159 to what windows-1252 meant by it;
    /// feeds produced on Windows write `&#146;` for a right quote.
    static func remapC1(_ value: UInt32) -> UInt32 {
        guard value >= 0x80 && value < 0xA0 else { return value }
        return windows1252High[Int(value) - 0x80]
    }
}
