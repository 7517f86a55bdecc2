import Foundation

extension UUID {
    /// A time-ordered (version 7, RFC 9562) UUID: the Unix time of `date` in milliseconds in its first 48 bits,
    /// then 74 random bits.
    ///
    /// New articles get these. The unique index on `article.id` then grows at its end, as the date indexes do:
    /// with random (version 4) ids each new article went to a random page of that index, so that a refresh
    /// storing a few hundred articles rewrote a few hundred of its pages, a number that grows with the
    /// database. Ids stay unique by their random bits; only their order says when they were made.
    static func timeOrdered(at date: Date = Date()) -> UUID {
        var generator = SystemRandomNumberGenerator()
        let milliseconds = UInt64(max(0, min(date.timeIntervalSince1970 * 1_000, Double(UInt64(1) << 48 - 1))))
        let random = generator.next() as UInt64
        let high = milliseconds << 16 | 0x7000 | (random & 0x0FFF)  // version 7, then 12 random bits
        let low = (generator.next() as UInt64) & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000  // RFC variant
        let bytes = withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { Array($0) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
