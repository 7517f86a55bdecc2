import Foundation

/// Recognises input that is not text, so the error names what it is instead of quoting its bytes.
enum BinaryInput {
    /// The compressed format whose magic number `data` starts with, if any.
    ///
    /// Only signatures that no feed can start with are listed (a feed starts with `<`, `{`, `[`, whitespace or a
    /// byte order mark); zlib's is only taken with a non-text second byte, since `x^` could begin some text.
    static func compression(of data: Data) -> FeedParseError.Compression? {
        let head = [UInt8](data.prefix(10))
        func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
        if starts([0x1F, 0x8B]) { return .gzip }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        // "BZh" and a block size digit, then the block or end-of-stream magic: text never spells both.
        if head.count == 10, starts(Array("BZh".utf8)), (0x31...0x39).contains(head[3]),
           Array(head[4...]) == [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]
            || Array(head[4...]) == [0x17, 0x72, 0x45, 0x38, 0x50, 0x90] {
            return .bzip2
        }
        if head.count >= 2, head[0] == 0x78, [0x01, 0x9C, 0xDA].contains(head[1]) { return .zlib }
        return nil
    }

    /// Whether the start of a decoded document holds control characters that XML forbids and text does not
    /// use (everything below U+0020 but tab, line feed and carriage return). Only asked once a document has
    /// already failed, so a feed with one stray control character in a title still parses.
    static func hasControlCharacters(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // Leading NULs are padding the parser already skips; binary formats have controls within their header.
        let start = utf8.firstIndex { $0 != 0 } ?? utf8.endIndex
        return utf8[start..<min(utf8.endIndex, start + 4096)].contains {
            $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D
        }
    }
}
