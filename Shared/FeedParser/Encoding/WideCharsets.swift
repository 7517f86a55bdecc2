/// UTF-16 and UTF-32 decoding with replacement of bad units by U+FFFD, since Foundation fails the whole
/// document on one unpaired surrogate.
enum WideCharsets {
    static func decodeUTF16(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> String {
        var units = [UInt16]()
        units.reserveCapacity(bytes.count / 2)
        var i = 0
        while i + 1 < bytes.count {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? (a << 8 | b) : (b << 8 | a))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func decodeUTF32(_ bytes: UnsafeRawBufferPointer, bigEndian: Bool) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        while i + 3 < bytes.count {
            let b0 = UInt32(bytes[i]), b1 = UInt32(bytes[i + 1]), b2 = UInt32(bytes[i + 2]), b3 = UInt32(bytes[i + 3])
            let value = bigEndian ? (b0 << 24 | b1 << 16 | b2 << 8 | b3) : (b3 << 24 | b2 << 16 | b1 << 8 | b0)
            out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            i += 4
        }
        return String(out)
    }
}
