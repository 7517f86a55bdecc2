import Foundation
import LineEditor
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// When standard input is not a terminal, lines are read plainly: no prompt, no editing codes, no history.
extension LineEditorSessions {
    @Suite("Line editor on a pipe", .timeLimit(.minutes(5)))
    struct PlainInputTests {
        @Test("lines from a pipe, with no prompt or control codes written and no history file")
        func pipe() throws {
            var input: [Int32] = [-1, -1]
            var output: [Int32] = [-1, -1]
            try #require(Glibc.pipe(&input) == 0 && Glibc.pipe(&output) == 0)
            defer { [input[0], output[0], output[1]].forEach { Glibc.close($0) } }
            let script = "one\ntwo\r\n\nthree"
            _ = script.withCString { write(input[1], $0, strlen($0)) }
            Glibc.close(input[1])
            let historyFile = FileManager.default.temporaryDirectory.appendingPathComponent(
                "plain-\(UUID().uuidString)")

            let editor = try LineEditor(
                .init(prompt: "> ", historyFile: historyFile, input: input[0], output: output[1]))
            #expect(!editor.isInteractive)
            var lines: [LineEditorInput] = []
            while true {
                let next = editor.readLine()
                lines.append(next)
                if next == .endOfInput { break }
            }
            editor.remote.print("a notice")
            try editor.close()
            #expect(lines == [.line("one"), .line("two"), .line(""), .line("three"), .endOfInput])
            #expect(editor.historyEntries.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: historyFile.path))

            var buffer = [UInt8](repeating: 0, count: 256)
            _ = fcntl(output[0], F_SETFL, O_NONBLOCK)
            let count = read(output[0], &buffer, buffer.count)
            #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "a notice\n")
        }

        @Test("a second editor cannot open while one is open, and can once it is closed")
        func oneAtATime() throws {
            var input: [Int32] = [-1, -1]
            try #require(Glibc.pipe(&input) == 0)
            defer { input.forEach { Glibc.close($0) } }
            let first = try LineEditor(.init(input: input[0], output: input[1]))
            #expect(throws: LineEditorError.self) { try LineEditor(.init(input: input[0], output: input[1])) }
            do {
                _ = try LineEditor(.init(input: input[0], output: input[1]))
            } catch {
                #expect(error.kind == .alreadyActive)
            }
            try first.close()
            let second = try LineEditor(.init(input: input[0], output: input[1]))
            try second.close()
        }
    }
}
