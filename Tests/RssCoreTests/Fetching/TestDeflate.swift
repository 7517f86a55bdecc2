/// A tiny deflate encoder (fixed Huffman codes only) so tests can serve gzip, zlib and a decompression bomb
/// without a compression library.
enum TestDeflate {
    /// `bytes` as a gzip member (RFC 1952).
    static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += deflate(bytes)
        out += littleEndian(crc32(bytes))
        out += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return out
    }

    /// `bytes` in the zlib format (RFC 1950), which HTTP calls `deflate`.
    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        out += deflate(bytes)
        let adler = adler32(bytes)
        out += [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        return out
    }

    /// A gzip member that inflates to `count` zero bytes from about `count / 160` bytes: the trailer's CRC is
    /// left zero, since a decoder that checks it has already read too much.
    static func gzipBomb(zeros count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.header()
        writer.literal(0)
        for _ in 0..<((count - 1) / 258) {
            writer.huffman(0xC5, bits: 8)  // length 258
            writer.huffman(0, bits: 5)  // distance 1
        }
        writer.huffman(0, bits: 7)  // end of block
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
        out += writer.finish()
        out += littleEndian(0) + littleEndian(UInt32(truncatingIfNeeded: count))
        return out
    }

    /// Raw deflate of `bytes`: one final fixed-Huffman block of literals.
    static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.header()
        for byte in bytes { writer.literal(byte) }
        writer.huffman(0, bits: 7)
        return writer.finish()
    }

    struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var used = 0

        /// BFINAL = 1, BTYPE = 01 (fixed Huffman).
        mutating func header() { plain(0b011, bits: 3) }

        mutating func literal(_ byte: UInt8) {
            if byte < 144 {
                huffman(0x30 + UInt32(byte), bits: 8)
            } else {
                huffman(0x190 + UInt32(byte) - 144, bits: 9)
            }
        }

        /// Huffman codes go most significant bit first.
        mutating func huffman(_ code: UInt32, bits: Int) {
            for index in stride(from: bits - 1, through: 0, by: -1) { bit(code >> UInt32(index) & 1) }
        }

        /// Header fields and extra bits go least significant bit first.
        mutating func plain(_ value: UInt32, bits: Int) {
            for index in 0..<bits { bit(value >> UInt32(index) & 1) }
        }

        mutating func bit(_ value: UInt32) {
            current |= value << UInt32(used)
            used += 1
            if used == 8 {
                bytes.append(UInt8(current))
                current = 0
                used = 0
            }
        }

        mutating func finish() -> [UInt8] {
            if used > 0 { bytes.append(UInt8(current)) }
            return bytes
        }
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
