/// Tests on the eight bytes of a word at once (SWAR), for the passes over a page's bytes that look for the first
/// byte needing attention. Each returns the high bit of every byte lane that matches, exact up to the lowest
/// matching lane (lanes above it may be flagged too): enough to find the first, or to know there is none.
enum ByteLanes {
    /// Lanes holding a byte below `limit` (at most 0x80).
    static func below(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080
    }

    /// Lanes holding `byte`.
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let spread = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
    }
}
