extension FeedParseError {
    /// A compressed container recognised by its first bytes, so the error can say what the body really was.
    public enum Compression: String, Sendable, Hashable, Codable, CaseIterable {
        /// gzip (RFC 1952), what servers send as `Content-Encoding: gzip`.
        case gzip
        /// A bare zlib stream (RFC 1950), what some servers send as `deflate`.
        case zlib
        /// A zip archive.
        case zip
        /// bzip2.
        case bzip2
        /// xz.
        case xz
        /// Zstandard.
        case zstd
    }
}
