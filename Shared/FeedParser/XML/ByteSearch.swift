import Foundation

/// Byte searches over UTF-8 buffers through the C library's `memchr`, which compares many bytes per step: the
/// scanner spends most of its time looking for the next `<` or `&` across long runs of text.
enum ByteSearch {
    /// The index of the first `byte` in `p[from..<to]`, or nil.
    @inline(__always)
    static func first(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = p.baseAddress,
              let found = memchr(base + from, Int32(byte), to - from)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the first `byte` at or after `from`, or nil.
    @inline(__always)
    static func first(_ byte: UInt8, in p: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        first(byte, in: p, from: from, to: p.count)
    }

    /// The index of the first occurrence of `needle` (not empty) at or after `from`, or nil.
    static func first(_ needle: StaticString, in p: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let m = needle.utf8CodeUnitCount
        let bytes = needle.utf8Start
        var i = from
        while let candidate = first(bytes[0], in: p, from: i, to: p.count - m + 1) {
            var k = 1
            while k < m, p[candidate + k] == bytes[k] { k += 1 }
            if k == m { return candidate }
            i = candidate + 1
        }
        return nil
    }
}
