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

    @Test("after a 4 MiB block is freed, a 512 KiB block still gets its own mapping; a small one does not")
    func largeBlocksStayMapped() throws {
        #expect(AllocatorTuning.apply())
        // Left to itself, glibc would raise its threshold to 4 MiB on this free, and serve the next 512 KiB
        // block from the heap.
        free(malloc(4 << 20))
        let large = try #require(malloc(512 << 10))
        defer { free(large) }
        #expect(Self.isMapped(large))
        let small = try #require(malloc(4 << 10))
        defer { free(small) }
        #expect(!Self.isMapped(small))
    }
}
#endif
