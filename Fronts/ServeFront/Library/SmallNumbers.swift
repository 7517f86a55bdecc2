import Foundation

/// Positive 31-bit numbers for things RssCore names otherwise (sources by UUID, tags by name), because
/// Miniflux clients name feeds and categories by number, and newsboat reads them into a C `int`.
///
/// A number is a hash of the thing's name, so it is the same in every run without being stored anywhere.
/// When two names hash alike, the one that sorts first keeps the number and the next takes the next free
/// one; with a few hundred sources that happens about once in ten million libraries.
struct SmallNumbers<Key: Hashable & Comparable> {
    private(set) var numberOf: [Key: Int] = [:]
    private(set) var keyOf: [Int: Key] = [:]

    /// Numbers for `keys`, from `name`, avoiding the `reserved` numbers.
    init(_ keys: some Sequence<Key>, name: (Key) -> String, reserved: Set<Int> = []) {
        for key in Set(keys).sorted() {
            var number = Self.hash(name(key))
            while keyOf[number] != nil || reserved.contains(number) { number = number % Self.limit + 1 }
            numberOf[key] = number
            keyOf[number] = key
        }
    }

    /// Numbers are in 1...limit.
    static var limit: Int { Int(Int32.max) - 1 }

    /// FNV-1a over the UTF-8 bytes, folded into 1...limit: stable across runs and platforms, unlike
    /// `Hasher`.
    static func hash(_ text: String) -> Int {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return Int(value % UInt64(limit)) + 1
    }
}
