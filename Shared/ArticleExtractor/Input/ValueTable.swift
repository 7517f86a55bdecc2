/// Numbers by 64-bit hash, open addressing: the few hundred distinct values of a page's formatting elements,
/// without hashing each hash again as a `Dictionary` would.
struct ValueTable {
    private var hashes = [UInt64](repeating: 0, count: 256)
    /// Each slot's number plus one; 0 for an empty slot.
    private var numbers = [Int32](repeating: 0, count: 256)
    private var used = 0

    func number(_ hash: UInt64) -> Int? {
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while numbers[slot] != 0 {
            if hashes[slot] == hash { return Int(numbers[slot]) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func insert(_ hash: UInt64, _ number: Int) {
        if (used + 1) * 2 > hashes.count { grow() }
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while numbers[slot] != 0 { slot = (slot + 1) & mask }
        hashes[slot] = hash
        numbers[slot] = Int32(number + 1)
        used += 1
    }

    private mutating func grow() {
        let entries = zip(hashes, numbers).filter { $0.1 != 0 }
        hashes = [UInt64](repeating: 0, count: hashes.count * 2)
        numbers = [Int32](repeating: 0, count: numbers.count * 2)
        used = 0
        for (hash, number) in entries { insert(hash, Int(number) - 1) }
    }
}
