import Foundation
import LineEditor
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every test that opens a LineEditor, serialised: an editor owns the process's signal handlers (and libedit's
/// terminal state), so only one may be open at a time.
@Suite("Line editor sessions", .serialized)
struct LineEditorSessions {}

/// End-to-end tests through a pseudo-terminal: keys go in on the master side, the screen is read back.
extension LineEditorSessions {
@Suite("Line editor on a terminal", .timeLimit(.minutes(1)))
struct TerminalTests {
    let terminal: PseudoTerminal

    init() throws {
        terminal = try PseudoTerminal()
    }

    /// An editor on the pseudo-terminal with a fixed terminal type and the given extras.
    func start(
        prompt: String = "> ", historyFile: URL? = nil,
        completer: (@Sendable () -> Completer)? = nil
    ) -> EditorSession {
        let slave = terminal.slave
        return EditorSession {
            LineEditor.Configuration(
                prompt: prompt, historyFile: historyFile, completer: completer?(),
                input: slave, output: slave, terminalType: "xterm")
        }
    }

    @Test("typing a line and Enter")
    func typing() async throws {
        let session = start()
        try await terminal.waitForCursorLine(">")
        terminal.type("hello world\r")
        #expect(try await session.inputs(count: 1) == [.line("hello world")])
        try await terminal.waitFor("echo") { $0.lines.contains("> hello world") }
        terminal.type("\u{4}")
        _ = try await session.finish()
    }

    @Test("emacs editing keys")
    func emacsKeys() async throws {
        let session = start()
        try await terminal.waitForCursorLine(">")
        // Ctrl-A to the start, Ctrl-E to the end.
        terminal.type("world\u{1}hello \u{5}!\r")
        // Ctrl-W deletes the word before the cursor.
        terminal.type("abc def\u{17}xyz\r")
        // Ctrl-B back, Ctrl-K kills to the end, Alt-B back a word, Ctrl-D deletes under the cursor.
        terminal.type("one two three\u{2}\u{2}\u{b}\u{1B}bX\u{4}\r")
        let inputs = try await session.inputs(count: 3)
        #expect(inputs == [.line("hello world!"), .line("abc xyz"), .line("one two Xhr")])
        terminal.type("\u{4}")
        _ = try await session.finish()
    }

    @Test("Tab completes a unique candidate, extends a common prefix, lists the rest")
    func completion() async throws {
        let session = start {
            { request in
                if request.precedingWords.isEmpty {
                    return ["help", "history", "import", "quit"].filter { $0.hasPrefix(request.word) }
                }
                return ["feeds.opml", "feeds/"].filter { $0.hasPrefix(request.word) }
            }
        }
        try await terminal.waitForCursorLine(">")
        terminal.type("q\t")
        try await terminal.waitForCursorLine("> quit")
        terminal.type("\r")
        terminal.type("h\t")
        let listed = try await terminal.waitFor("the candidate list") { screen in
            screen.lines.contains { $0.contains("help") && $0.contains("history") }
        }
        #expect(listed.cursorLine == "> h")
        terminal.type("e\t\r")
        terminal.type("im\tfe\t")
        try await terminal.waitForCursorLine("> import feeds")
        terminal.type("\r")
        let inputs = try await session.inputs(count: 3)
        #expect(inputs == [.line("quit "), .line("help "), .line("import feeds")])
        terminal.type("\u{4}")
        _ = try await session.finish()
    }

    @Test("Ctrl-C abandons the line; Ctrl-D ends input only on an empty line")
    func interruptAndEnd() async throws {
        let session = start()
        try await terminal.waitForCursorLine(">")
        terminal.type("abandon me\u{3}")
        #expect(try await session.inputs(count: 1) == [.interrupted])
        try await terminal.waitFor("^C") { $0.lines.contains("> abandon me^C") }
        try await terminal.waitForCursorLine(">")
        terminal.type("ab\u{2}\u{4}\r")  // Ctrl-D with text deletes under the cursor
        #expect(try await session.inputs(count: 2) == [.interrupted, .line("a")])
        terminal.type("\u{4}")
        #expect(try await session.inputs(count: 3) == [.interrupted, .line("a"), .endOfInput])
        _ = try await session.finish()
    }

    @Test("SIGINT while a line is being read abandons it too")
    func interruptSignal() async throws {
        let session = start()
        try await terminal.waitForCursorLine(">")
        terminal.type("half")
        try await terminal.waitForCursorLine("> half")
        kill(getpid(), SIGINT)
        #expect(try await session.inputs(count: 1) == [.interrupted])
        terminal.type("\u{4}")
        _ = try await session.finish()
    }

    @Test("a notice from another thread appears above the half-typed line, which is redrawn intact")
    func asyncNotice() async throws {
        let session = start(prompt: "rss> ")
        try await terminal.waitForCursorLine("rss>")
        terminal.type("list unr")
        try await terminal.waitForCursorLine("rss> list unr")
        try await session.remote().print("12 new in Example Feed")
        let screen = try await terminal.waitFor("the notice") { $0.lines.contains("12 new in Example Feed") }
        let noticeRow = try #require(screen.lines.firstIndex(of: "12 new in Example Feed"))
        #expect(screen.lines[noticeRow + 1] == "rss> list unr")
        #expect(screen.cursorLine == "rss> list unr")
        #expect(!screen.lines.contains { $0.contains("12 new") && $0.contains("rss>") })
        terminal.type("ead\r")
        #expect(try await session.inputs(count: 1) == [.line("list unread")])
        terminal.type("\u{4}")
        _ = try await session.finish()
    }

    @Test("jobs run on the editor's thread between keystrokes and can change the prompt")
    func jobsAndPrompt() async throws {
        let session = start(prompt: "[0 unread]> ")
        try await terminal.waitForCursorLine("[0 unread]>")
        terminal.type("sources")
        try await terminal.waitForCursorLine("[0 unread]> sources")
        let remote = try await session.remote()
        remote.enqueue { editor in
            editor.print("rendered by a job")
            editor.prompt = "[3 unread]> "
        }
        let screen = try await terminal.waitFor("the new prompt") { $0.cursorLine == "[3 unread]> sources" }
        #expect(screen.lines.contains("rendered by a job"))
        remote.setPrompt("[2 unread]> ")
        try await terminal.waitForCursorLine("[2 unread]> sources")
        terminal.type("\r\u{4}")
        #expect(try await session.inputs(count: 2) == [.line("sources"), .endOfInput])
        _ = try await session.finish()
    }

    @Test("Up arrow recalls history saved by an earlier session; repeats are kept once")
    func historyAcrossSessions() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hist-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("rss-reeder/history")

        let first = start(historyFile: file)
        try await terminal.waitForCursorLine(">")
        terminal.type("first\rsecond\rsecond\r   \r\u{4}")
        let firstHistory = try await first.finish()
        #expect(firstHistory == ["first", "second"])
        #expect(FileManager.default.fileExists(atPath: file.path))

        let second = start(historyFile: file)
        try await terminal.waitForCursorLine(">")
        terminal.type("\u{1B}[A")
        try await terminal.waitForCursorLine("> second")
        terminal.type("\u{1B}[A")
        try await terminal.waitForCursorLine("> first")
        terminal.type("\r\u{4}")
        #expect(try await second.inputs(count: 2) == [.line("first"), .endOfInput])
        #expect(try await second.finish() == ["first", "second", "first"])
    }
}
}
