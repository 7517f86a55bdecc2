/// Recognises bytes that are not a page at all, so that they are refused before any parsing.
enum BinaryInput {
    /// Whether `bytes` start like an image, a PDF, an archive or compressed data, or hold the zero bytes of a
    /// binary format (without the byte order mark of UTF-16, which would explain them).
    static func isBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let signatures: [[UInt8]] = [
            Array("%PDF-".utf8), [0x89, 0x50, 0x4E, 0x47], Array("GIF8".utf8), [0xFF, 0xD8, 0xFF],
            [0x1F, 0x8B], [0x50, 0x4B, 0x03, 0x04], [0x28, 0xB5, 0x2F, 0xFD], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00],
            Array("BZh".utf8), Array("RIFF".utf8), [0x00, 0x00, 0x00],
        ]
        if signatures.contains(where: { bytes.starts(with: $0) }) { return true }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) { return false }
        let head = bytes.prefix(1024)
        let zeros = head.reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        return zeros * 10 > head.count
    }
}
