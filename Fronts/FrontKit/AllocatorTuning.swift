#if canImport(Glibc)
import CMalloc
#endif

/// How the programs ask glibc's allocator to return the memory of large buffers (feed bodies, parse and merge
/// buffers) when they are freed, instead of keeping it in the heap.
///
/// glibc serves a block above its mmap threshold with its own mapping, released on `free`, but it raises the
/// threshold to the size of each such block that is freed (up to 32 MiB). After the first feed body of a few
/// megabytes, every later one came from the heap, the heap fragmented around the small blocks that live on, and
/// resident memory grew with the number of feeds while the live heap did not: importing 60 feeds of 2.5 MB
/// peaked at 96 MB resident with 40 MB of live heap (heaptrack), and 200 such feeds (1,000,000 articles) at
/// 103 MB. A fixed threshold (setting it turns the raising off) and a lower trim threshold keep those imports at
/// 76 and 78 MB and make them faster (55 s instead of 66 for the 60 feeds), since large buffers no longer move as
/// the heap grows. Benchmarks/memory-curve.sh measures it at every size (docs/memory.md).
public enum AllocatorTuning {
    /// Blocks of this many bytes or more get their own mapping, returned to the system when freed.
    public static let mappingThreshold: Int32 = 256 << 10
    /// Free memory at the top of the heap above this many bytes is returned to the system.
    public static let trimThreshold: Int32 = 1 << 20

    /// Applies the thresholds to this process; returns whether the allocator took both (always false where
    /// the C library is not glibc). Programs call it first thing in `main`; a library never should, since it is
    /// the whole process's policy.
    @discardableResult
    public static func apply() -> Bool {
        #if canImport(Glibc)
        return mallopt(M_MMAP_THRESHOLD, mappingThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1
        #else
        return false
        #endif
    }
}
