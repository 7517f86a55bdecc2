import Foundation
import LineEditor
import Synchronization
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
    @Suite("Line editor on a terminal", .timeLimit(.minutes(5)))
    struct TerminalTests {
        let terminal: PseudoTerminal

        init() throws {
            terminal = try PseudoTerminal()
        }

        /// Types `keys` once the editor has produced `inputs` inputs, shows a fresh `prompt` and is reading keys.
        ///
        /// Keys typed while the editor is between two reads meet the kernel's cooked mode (echo, line editing, Ctrl-C
        /// as a signal), as they would for any program; libedit draws the prompt before it leaves cooked mode, so a
        /// test also waits for the terminal's editing mode before typing.
        func typeAtPrompt(_ keys: String, after inputs: Int, of session: EditorSession, prompt: String = ">")
            async throws
        {
            _ = try await session.inputs(count: inputs)
            let terminal = self.terminal
            try await terminal.waitFor("a fresh prompt \"\(prompt)\" in editing mode") { screen in
                screen.cursorLine == prompt && terminal.isInEditingMode
            }
            terminal.type(keys)
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
            try await typeAtPrompt("hello world\r", after: 0, of: session)
            #expect(try await session.inputs(count: 1) == [.line("hello world")])
            try await terminal.waitFor("echo") { $0.lines.contains("> hello world") }
            try await typeAtPrompt("日本語 é 👍\r", after: 1, of: session)
            #expect(try await session.inputs(count: 2) == [.line("hello world"), .line("日本語 é 👍")])
            try await typeAtPrompt("\u{4}", after: 2, of: session)
            _ = try await session.finish()
        }

        @Test("the terminal's modes are restored after a session, whatever happened in it")
        func terminalRestored() async throws {
            var before = termios()
            tcgetattr(terminal.slave, &before)
            let session = start()
            try await typeAtPrompt("x\u{3}", after: 0, of: session)
            try await typeAtPrompt("\u{4}", after: 1, of: session)
            _ = try await session.finish()
            var after = termios()
            tcgetattr(terminal.slave, &after)
            #expect(after.c_lflag == before.c_lflag)
            #expect(after.c_iflag == before.c_iflag)
            #expect(after.c_oflag == before.c_oflag)
            #expect(!terminal.isInEditingMode)
        }

        @Test("SIGWINCH mid-line redraws the line intact; SIGTERM ends input with the terminal restored")
        func resizeAndTerminate() async throws {
            let session = start()
            try await typeAtPrompt("resize", after: 0, of: session)
            try await terminal.waitForCursorLine("> resize")
            terminal.resize(columns: 50, rows: 12)
            kill(getpid(), SIGWINCH)
            terminal.type(" me\r")
            #expect(try await session.inputs(count: 1) == [.line("resize me")])
            try await typeAtPrompt("half", after: 1, of: session)
            try await terminal.waitForCursorLine("> half")
            kill(getpid(), SIGTERM)
            #expect(try await session.inputs(count: 2) == [.line("resize me"), .endOfInput])
            _ = try await session.finish()
            #expect(!terminal.isInEditingMode)
        }

        @Test("Ctrl-R searches history backwards")
        func historySearch() async throws {
            let session = start()
            try await typeAtPrompt("alpha one\r", after: 0, of: session)
            try await typeAtPrompt("beta two\r", after: 1, of: session)
            try await typeAtPrompt("\u{12}alp", after: 2, of: session)
            try await terminal.waitFor("the match") { $0.cursorLine.contains("alpha one") }
            terminal.type("\r")
            #expect(try await session.inputs(count: 3) == [.line("alpha one"), .line("beta two"), .line("alpha one")])
            try await typeAtPrompt("\u{4}", after: 3, of: session)
            _ = try await session.finish()
        }

        @Test("history keeps only the newest entries up to its limit")
        func historyLimit() async throws {
            let slave = terminal.slave
            let session = EditorSession {
                LineEditor.Configuration(historyLimit: 3, input: slave, output: slave, terminalType: "xterm")
            }
            try await terminal.waitFor("the prompt") { $0.cursorLine == ">" && self.terminal.isInEditingMode }
            try await session.remote().enqueue { editor in
                for index in 0..<10 { editor.addToHistory("command \(index)") }
            }
            try await typeAtPrompt("\u{4}", after: 0, of: session)
            #expect(try await session.finish() == ["command 7", "command 8", "command 9"])
        }

        @Test("emacs editing keys")
        func emacsKeys() async throws {
            let session = start()
            // Ctrl-A to the start, Ctrl-E to the end.
            try await typeAtPrompt("world\u{1}hello \u{5}!\r", after: 0, of: session)
            // Ctrl-W deletes the word before the cursor.
            try await typeAtPrompt("abc def\u{17}xyz\r", after: 1, of: session)
            // Ctrl-B back twice, Ctrl-K kills to the end, Alt-B back a word, Ctrl-D deletes under the cursor.
            try await typeAtPrompt("one two three\u{2}\u{2}\u{b}\u{1B}bX\u{4}\r", after: 2, of: session)
            // Ctrl-U kills the whole line, Ctrl-Y yanks the last kill back.
            try await typeAtPrompt("gone\u{15}kept \u{19}\r", after: 3, of: session)
            let inputs = try await session.inputs(count: 4)
            #expect(inputs == [.line("hello world!"), .line("abc xyz"), .line("one two Xhr"), .line("kept gone")])
            try await typeAtPrompt("\u{4}", after: 4, of: session)
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
            try await typeAtPrompt("q\t", after: 0, of: session)
            try await terminal.waitForCursorLine("> quit")
            terminal.type("\r")
            try await typeAtPrompt("h\t", after: 1, of: session)
            try await terminal.waitFor("the candidate list under the line, and the line redrawn") { screen in
                screen.lines.contains { $0.contains("help") && $0.contains("history") } && screen.cursorLine == "> h"
            }
            terminal.type("e\t\r")
            try await typeAtPrompt("im\tfe\t", after: 2, of: session)
            try await terminal.waitForCursorLine("> import feeds")
            terminal.type("\r")
            let inputs = try await session.inputs(count: 3)
            #expect(inputs == [.line("quit "), .line("help "), .line("import feeds")])
            try await typeAtPrompt("\u{4}", after: 3, of: session)
            _ = try await session.finish()
        }

        @Test("Ctrl-C abandons the line; Ctrl-D ends input only on an empty line")
        func interruptAndEnd() async throws {
            let session = start()
            try await typeAtPrompt("abandon me\u{3}", after: 0, of: session)
            #expect(try await session.inputs(count: 1) == [.interrupted])
            try await terminal.waitFor("^C") { $0.lines.contains("> abandon me^C") }
            // Ctrl-D with text deletes under the cursor.
            try await typeAtPrompt("ab\u{2}\u{4}\r", after: 1, of: session)
            #expect(try await session.inputs(count: 2) == [.interrupted, .line("a")])
            try await typeAtPrompt("\u{4}", after: 2, of: session)
            #expect(try await session.inputs(count: 3) == [.interrupted, .line("a"), .endOfInput])
            _ = try await session.finish()
        }

        @Test("SIGINT while a line is being read abandons it too")
        func interruptSignal() async throws {
            let session = start()
            try await typeAtPrompt("half", after: 0, of: session)
            try await terminal.waitForCursorLine("> half")
            kill(getpid(), SIGINT)
            #expect(try await session.inputs(count: 1) == [.interrupted])
            try await typeAtPrompt("\u{4}", after: 1, of: session)
            _ = try await session.finish()
        }

        @Test("SIGINT between reads goes to the interrupt handler and does not abandon the next line")
        func interruptBetweenReads() async throws {
            let slave = terminal.slave
            let interrupts = Mutex(0)
            let session = EditorSession(busyAfterEachLine: 2) {
                LineEditor.Configuration(
                    interruptHandler: { interrupts.withLock { $0 += 1 } },
                    input: slave, output: slave, terminalType: "xterm")
            }
            try await typeAtPrompt("slow command\r", after: 0, of: session)
            _ = try await session.inputs(count: 1)
            kill(getpid(), SIGINT)
            for _ in 0..<200 where interrupts.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(interrupts.withLock { $0 } == 1)
            try await typeAtPrompt("next\r", after: 1, of: session)
            #expect(try await session.inputs(count: 2) == [.line("slow command"), .line("next")])
            try await typeAtPrompt("\u{4}", after: 2, of: session)
            _ = try await session.finish()
        }

        @Test("a notice from another thread appears above the half-typed line, which is redrawn intact")
        func asyncNotice() async throws {
            let session = start(prompt: "rss> ")
            try await typeAtPrompt("list unr", after: 0, of: session, prompt: "rss>")
            try await terminal.waitForCursorLine("rss> list unr")
            try await session.remote().print("12 new in Example Feed")
            let screen = try await terminal.waitFor("the notice, then the line redrawn") { screen in
                screen.lines.contains("12 new in Example Feed") && screen.cursorLine == "rss> list unr"
            }
            let noticeRow = try #require(screen.lines.firstIndex(of: "12 new in Example Feed"))
            #expect(screen.lines[noticeRow + 1] == "rss> list unr")
            #expect(screen.lines.filter { $0.hasPrefix("rss>") } == ["rss> list unr"])
            terminal.type("ead\r")
            #expect(try await session.inputs(count: 1) == [.line("list unread")])
            try await typeAtPrompt("\u{4}", after: 1, of: session, prompt: "rss>")
            _ = try await session.finish()
        }

        @Test("a notice over a line that wraps onto several rows leaves every row intact")
        func noticeOverWrappedLine() async throws {
            let narrow = try PseudoTerminal(columns: 20, rows: 10)
            let slave = narrow.slave
            let session = EditorSession {
                LineEditor.Configuration(prompt: "> ", input: slave, output: slave, terminalType: "xterm")
            }
            try await narrow.waitFor("the prompt") { $0.cursorLine == ">" && narrow.isInEditingMode }
            narrow.type("abcdefghijklmnopqrstuvwxyz0123456789\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}\u{2}")
            let expected = ["> abcdefghijklmnopqr", "stuvwxyz0123456789"]
            try await narrow.waitFor("the wrapped line") { $0.lines.suffix(from: 0).contains(expected[1]) }
            try await session.remote().print("notice")
            let screen = try await narrow.waitFor("the notice above the two rows") { screen in
                guard let row = screen.lines.firstIndex(of: "notice"), row + 2 < screen.lines.count else {
                    return false
                }
                return Array(screen.lines[(row + 1)...(row + 2)]) == expected
            }
            #expect(screen.lines.filter { $0.hasPrefix(">") } == [expected[0]])
            narrow.type("_\r")
            #expect(try await session.inputs(count: 1) == [.line("abcdefghijklmnopqrstuvwxy_z0123456789")])
            try await narrow.waitFor("a fresh prompt") { $0.cursorLine == ">" && narrow.isInEditingMode }
            narrow.type("\u{4}")
            _ = try await session.finish()
        }

        @Test("jobs run on the editor's thread between keystrokes and can change the prompt")
        func jobsAndPrompt() async throws {
            let session = start(prompt: "[0 unread]> ")
            try await typeAtPrompt("sources", after: 0, of: session, prompt: "[0 unread]>")
            try await terminal.waitForCursorLine("[0 unread]> sources")
            let remote = try await session.remote()
            remote.enqueue { editor in
                editor.print("rendered by a job")
                editor.prompt = "[3 unread]> "
            }
            try await terminal.waitFor("the job's output and the new prompt") { screen in
                screen.lines.contains("rendered by a job") && screen.cursorLine == "[3 unread]> sources"
            }
            remote.execute { remote.print("rendered by execute") }
            try await terminal.waitFor("the executed work's output") { screen in
                screen.lines.contains("rendered by execute") && screen.cursorLine == "[3 unread]> sources"
            }
            remote.setPrompt("[2 unread]> ")
            try await terminal.waitForCursorLine("[2 unread]> sources")
            terminal.type("\r")
            try await typeAtPrompt("\u{4}", after: 1, of: session, prompt: "[2 unread]>")
            #expect(try await session.inputs(count: 2) == [.line("sources"), .endOfInput])
            _ = try await session.finish()
        }

        @Test("Up arrow recalls history saved by an earlier session; repeats are kept once")
        func historyAcrossSessions() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hist-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("rss-reeder/history")

            let first = start(historyFile: file)
            for (index, line) in ["first", "second", "second", "   ", "\u{4}"].enumerated() {
                try await typeAtPrompt(line == "\u{4}" ? line : line + "\r", after: index, of: first)
            }
            let firstHistory = try await first.finish()
            #expect(firstHistory == ["first", "second"])
            #expect(FileManager.default.fileExists(atPath: file.path))

            let second = start(historyFile: file)
            try await typeAtPrompt("\u{1B}[A", after: 0, of: second)
            try await terminal.waitForCursorLine("> second")
            terminal.type("\u{1B}[A")
            try await terminal.waitForCursorLine("> first")
            terminal.type("\r")
            try await typeAtPrompt("\u{4}", after: 1, of: second)
            #expect(try await second.inputs(count: 2) == [.line("first"), .endOfInput])
            #expect(try await second.finish() == ["first", "second", "first"])
        }
    }
}
