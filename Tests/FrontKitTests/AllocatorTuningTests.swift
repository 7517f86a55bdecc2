#if canImport(Glibc)
import FrontKit
import Glibc
import Testing

/// The allocator policy the programs set: large blocks keep their own mappings however large a freed block was.
@Suite("Allocator tuning")
struct AllocatorTuningTests {
    /// Whether glibc serves the block at `pointer` with its own mapping: the IS_MMAPPED bit (2) of the size word
    /// in the chunk header just before the block, which `free` reads to decide to unmap it.
    static func isMapped(_ pointer: UnsafeMutableRawPointer) -> Bool {
        (pointer - MemoryLayout<Int>.size).load(as: Int.self) & 2 != 0
    }

    /// In a process of its own (an exit test), whose heap has no room to spare: in the test process the heap
    /// has free space from other tests, and a block that fits in free space is served from it whatever the
    /// threshold. It exits 0 when the large blocks got mappings of their own and the small one did not.
    @Test("after a 4 MiB block is freed, 512 KiB blocks still get their own mappings; a small one does not")
    func largeBlocksStayMapped() async {
        await #expect(processExitsWith: .success) {
            guard AllocatorTuning.apply() else { exit(2) }
            // Left to itself, glibc would raise its threshold to 4 MiB on this free, and serve the next 512 KiB
            // blocks from the heap.
            free(malloc(4 << 20))
            let large = (0..<8).compactMap { _ in malloc(512 << 10) }
            let small = malloc(4 << 10)
            let mapped = large.filter(AllocatorTuningTests.isMapped).count
            let smallMapped = small.map(AllocatorTuningTests.isMapped) ?? true
            exit(mapped == 8 && !smallMapped ? 0 : 1)
        }
    }
}
#endif
