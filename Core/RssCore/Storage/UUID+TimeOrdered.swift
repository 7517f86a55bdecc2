import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension UUID {
    /// A time-ordered (version 7, RFC 9562) UUID: the Unix time of `date` in milliseconds in its first 48 bits,
    /// then 74 random bits.
    ///
    /// New articles get these. The unique index on `article.id` then grows at its end, as the date indexes do:
    /// with random (version 4) ids each new article went to a random page of that index, so that a refresh
    /// storing a few hundred articles rewrote a few hundred of its pages, a number that grows with the
    /// database (at 100,000 articles the difference was within the spread of a benchmark's rounds; see
    /// docs/storage.md). Ids stay unique by their random bits; only their order says when they were made.
    static func timeOrdered(at date: Date = Date()) -> UUID {
        let milliseconds = UInt64(max(0, min(date.timeIntervalSince1970 * 1_000, Double(UInt64(1) << 48 - 1))))
        let (first, second) = randomBits()
        let high = milliseconds << 16 | 0x7000 | (first & 0x0FFF)  // version 7, then 12 random bits
        let low = second & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000  // the RFC's variant, then 62 random bits
        return UUID(uuid: withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.load(as: uuid_t.self) })
    }

    /// 128 random bits from the C library's `arc4random_buf` (glibc 2.36 and later), which draws from the kernel
    /// once in a while and not per call: the standard library's generator makes one system call per 64 bits, and
    /// Foundation's `UUID()` on Linux opens `/dev/urandom` each time.
    private static func randomBits() -> (UInt64, UInt64) {
        var bits: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &bits) { arc4random_buf($0.baseAddress!, $0.count) }
        return bits
    }
}
