/// One pass over bytes that says whether they are valid UTF-8 and whether they hold C1 controls (U+0080–U+009F),
/// so that valid UTF-8 documents, the common case, are parsed in place without being copied into a `String`.
enum UTF8Scan {
    struct Result: Equatable {
        var valid: Bool
        var hasC1Controls: Bool
    }

    /// The index of the first byte at or after `start` that is not ASCII, or `p.count`: 32 bytes at a time,
    /// then 8, then one.
    @inline(__always)
    static func asciiEnd(of p: UnsafeRawBufferPointer, from start: Int) -> Int {
        let n = p.count
        var i = start
        while i + 32 <= n, (p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            | p.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            | p.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)
            | p.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)) & 0x8080_8080_8080_8080 == 0 { i += 32 }
        while i + 8 <= n, p.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        while i < n, p[i] < 0x80 { i += 1 }
        return i
    }

    static func scan(_ p: UnsafeRawBufferPointer) -> Result {
        let n = p.count
        var i = 0
        var c1 = false
        while i < n {
            i = asciiEnd(of: p, from: i)
            guard i < n else { break }
            let b0 = p[i]
            let length: Int
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return Result(valid: false, hasC1Controls: c1)
            }
            guard i + length <= n else { return Result(valid: false, hasC1Controls: c1) }
            for k in 1..<length where p[i + k] & 0xC0 != 0x80 { return Result(valid: false, hasC1Controls: c1) }
            let b1 = p[i + 1]
            if (b0 == 0xE0 && b1 < 0xA0) || (b0 == 0xED && b1 > 0x9F) || (b0 == 0xF0 && b1 < 0x90)
                || (b0 == 0xF4 && b1 > 0x8F) {
                return Result(valid: false, hasC1Controls: c1)
            }
            if b0 == 0xC2 && b1 < 0xA0 { c1 = true }
            i += length
        }
        return Result(valid: true, hasC1Controls: c1)
    }
}
