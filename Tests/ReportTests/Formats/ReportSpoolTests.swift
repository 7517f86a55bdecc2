import Foundation
import RssCore
import Testing

@testable import ReportFront

/// The report's text on its way to standard output: in memory while small, in an unlinked temporary file
/// beyond that, copied out whole and in order.
struct ReportSpoolTests {
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("spool-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Appends `pieces` to a spool in `directory` and copies it to a file; returns what the file holds.
    static func spooled(_ pieces: [String], in directory: URL) throws -> String {
        let spool = ReportSpool(directory: directory.path)
        for piece in pieces { try spool.append(piece) }
        let output = directory.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        try spool.copy(to: handle)
        try handle.close()
        return try String(contentsOf: output, encoding: .utf8)
    }

    @Test(arguments: [10, 30_000])
    func whatIsAppendedIsCopiedInOrder(lines: Int) throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }  // a test's scratch folder
        let pieces = (0..<lines).map { "line \($0) é ☕ \(String(repeating: "x", count: $0 % 200))\n" }
        #expect(try Self.spooled(pieces, in: directory) == pieces.joined())
        // Nothing is left in the folder but the copy: the temporary file was unlinked when it was made.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["output"])
    }

    @Test func aReportTooLargeForMemoryNeedsItsFolder() throws {
        let spool = ReportSpool(directory: "/nonexistent-\(UUID().uuidString)")
        let piece = String(repeating: "x", count: 4_096)
        try spool.append(piece)  // small: still in memory
        #expect(throws: FileProblem.noSuchDirectory) {
            for _ in 0..<(ReportSpool.memoryLimit / 4_096) { try spool.append(piece) }
        }
    }
}
