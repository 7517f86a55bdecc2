/// 64-bit FNV-1a over bytes: tiny, fast and the same on every platform and run (unlike `hashValue`, which is
/// seeded per process), which is what a persisted identity needs.
struct FNV1a64 {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func combine<S: Sequence<UInt8>>(_ bytes: S) {
        for byte in bytes { combine(byte: byte) }
    }

    /// The UTF-8 of `text`, read from its contiguous storage.
    mutating func combine(utf8Of text: String) {
        var text = text
        text.withUTF8 { for byte in $0 { combine(byte: byte) } }
    }

    @inline(__always) mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value = value &* 0x0000_0100_0000_01B3
    }

    /// Sixteen lower-case hex digits.
    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
