/// windows-1252, which HTML also reads for pages labelled ISO-8859-1 or US-ASCII.
enum Windows1252 {
    /// `bytes` as UTF-8.
    static func utf8(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            let scalar: UInt32 = byte >= 0x80 && byte < 0xA0 ? high[Int(byte - 0x80)] : UInt32(byte)
            append(scalar, to: &output)
        }
        return output
    }

    /// Appends the UTF-8 of `scalar`.
    static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            output.append(UInt8(scalar))
        case ..<0x800:
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// 0x80–0x9F; the five bytes windows-1252 leaves undefined keep their C1 value (removed later as controls).
    private static let high: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
