#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import RssCore

/// The articles' text while a report is being made: in memory up to ``memoryLimit`` bytes, beyond that in a
/// temporary file that is unlinked as soon as it is created (so nothing is left behind, whatever ends the
/// process). Standard output gets it only once the whole report is made, so a run that fails half-way writes
/// nothing there, and memory stays the same whatever the size of the report.
final class ReportSpool {
    /// What is kept in memory before the text goes to the file; also the size of the copy's reads.
    static let memoryLimit = 1 << 20

    /// Where the temporary file goes: `TMPDIR`, else `/tmp`.
    let directory: String
    private var buffer: [UInt8] = []
    private var file: Int32?

    init(directory: String = FileManager.default.temporaryDirectory.path) {
        self.directory = directory
        buffer.reserveCapacity(Self.memoryLimit)
    }

    deinit {
        if let file { close(file) }
    }

    /// Adds `text` at the end.
    func append(_ text: String) throws(FileProblem) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.memoryLimit { try spill() }
    }

    /// Writes everything added, in order, to `output`; a report too large for memory is read back from its
    /// file a piece at a time.
    func copy(to output: FileHandle) throws(FileProblem) {
        guard let file else {
            output.write(Data(buffer))
            return
        }
        try spill()
        guard lseek(file, 0, SEEK_SET) == 0 else { throw FileProblem(errno: errno) }
        var chunk = [UInt8](repeating: 0, count: Self.memoryLimit)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(errno: errno)
            }
            if count == 0 { return }
            output.write(Data(chunk[0..<count]))
        }
    }

    /// Moves the buffer to the end of the file, creating the file first.
    private func spill() throws(FileProblem) {
        let file: Int32
        if let open = self.file {
            file = open
        } else {
            file = try createFile()
            self.file = file
        }
        var written = 0
        while written < buffer.count {
            let count = buffer.withUnsafeBytes { write(file, $0.baseAddress! + written, $0.count - written) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(errno: errno)
            }
            written += count
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A new file in ``directory``, unlinked at once: only this process can reach it, and the system frees it
    /// when the process ends.
    private func createFile() throws(FileProblem) -> Int32 {
        var template = Array((directory + "/rss-report-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        // The file is new, so "no such file" means its folder.
        guard file >= 0 else { throw errno == ENOENT ? .noSuchDirectory : FileProblem(errno: errno) }
        // A file that could not be unlinked still works; it is only left behind in the folder.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return file
    }
}
