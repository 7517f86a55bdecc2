import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `browse` and `pipe` end to end: the built `rss-repl` starts a recording script in place of a browser or a
/// pager, with a feed's link and text as arguments and input, never through a shell.
@Suite("rss-repl browse and pipe", .timeLimit(.minutes(5)))
struct BrowseAndPipeTests {
    /// A link a shell would act on in four ways: `;`, `$(…)`, backticks and `$IFS`.
    static let hostileLink = "https://example.org/a;touch$IFS'semicolon';$(touch$IFS'dollar');`touch$IFS'backtick'`"

    /// A feed of three articles: the hostile link (its text linking on), an `ftp:` link, and a `file:` link.
    static func feed(in directory: URL) throws -> URL {
        let items = [
            ("1", "Hostile link", hostileLink,
             "&lt;p&gt;See &lt;a href=\"https://example.org/next\"&gt;next&lt;/a&gt; and &lt;a href=\"mailto:a@example.org\"&gt;mail&lt;/a&gt;&lt;/p&gt;",
             "Mon, 02 Jun 2025 10:00:00 +0000"),
            ("2", "FTP link", "ftp://example.org/file", "plain", "Sun, 01 Jun 2025 10:00:00 +0000"),
            ("3", "File link", "file:///etc/passwd", "plain", "Sat, 31 May 2025 10:00:00 +0000"),
        ]
        let body = items.map { id, title, link, description, date in
            "<item><guid>\(id)</guid><title>\(title)</title><link>\(link)</link>"
                + "<description>\(description)</description><pubDate>\(date)</pubDate></item>"
        }.joined()
        let url = directory.appendingPathComponent("hostile.rss")
        try Data("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Hostile</title>\(body)</channel></rss>".utf8)
            .write(to: url)
        return url
    }

    /// A script that records its arguments (one a line) in `name.argv` and its standard input in `name.stdin`.
    static func recorder(_ name: String, in directory: URL, exitStatus: Int = 0) throws -> URL {
        let script = directory.appendingPathComponent(name)
        let record = directory.appendingPathComponent(name).path
        try """
            #!/bin/sh
            for argument in "$@"; do printf '%s\\n' "$argument"; done > '\(record).argv'
            cat > '\(record).stdin'
            exit \(exitStatus)

            """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return script
    }

    /// A scripted session in a new directory: the hostile feed added and listed, then `commands`, with `BROWSER`
    /// made of the path of a recorder named `browser` (exiting with `browserStatus`).
    static func session(
        _ commands: [String], browser: (String) -> String = { $0 }, browserStatus: Int = 0
    ) async throws -> (run: ScriptedRun, directory: URL) {
        let directory = try ReplPaths.temporaryDirectory()
        let recorder = try recorder("browser", in: directory, exitStatus: browserStatus)
        let script = (["add \(try feed(in: directory).path)", "list"] + commands).joined(separator: "\n") + "\n"
        let run = try await ScriptedRun.run(script, in: directory, environment: ["BROWSER": browser(recorder.path)])
        return (run, directory)
    }

    static func lines(_ file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("browse gives $BROWSER the link as one argument, runs nothing in it, and marks the article read")
    func browseHostileLink() async throws {
        let (run, directory) = try await Self.session(["browse 1", "list unread"])
        #expect(run.status == 0, "\(run.stderr)")
        let expectedLink = "https://example.org/a;touch$IFS'semicolon';$(touch$IFS'dollar');%60touch$IFS'backtick'%60"
        #expect(try Self.lines(directory.appendingPathComponent("browser.argv")) == [expectedLink])
        for name in ["semicolon", "dollar", "backtick", "IFS"] {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
        }
        #expect(run.stdout.contains("opened \(expectedLink)\n"))
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (2 articles)"))
        #expect(!run.stdout.contains("Hostile link\nlist") && run.stdout.hasSuffix("File link\n"))
    }

    @Test("browse N K opens link K of the text; %s in $BROWSER takes the link; a missing program is skipped")
    func browseLinkOfTheText() async throws {
        let (run, directory) = try await Self.session(["browse 1 1", "browse 1 3"]) { "no-such-browser:\($0) --new-tab %s --flag" }
        #expect(try Self.lines(directory.appendingPathComponent("browser.argv")) == ["--new-tab", "https://example.org/next", "--flag"])
        #expect(run.stdout.contains("opened https://example.org/next\n"))
        #expect(run.stderr == "error: article 1 has 2 links in its text\n")
        #expect(run.status == 1)
    }

    @Test("links other than http and https are refused: nothing runs and nothing is marked read")
    func otherSchemesRefused() async throws {
        let (run, directory) = try await Self.session(["browse 2", "browse 3", "browse 1 2", "list unread"])
        #expect(
            run.stderr == """
                error: not opening ftp://example.org/file: only http and https links are opened
                error: not opening file:///etc/passwd: only http and https links are opened
                error: not opening mailto:a@example.org: only http and https links are opened

                """)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("browser.argv").path))
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (3 articles)"))
        #expect(run.status == 1)
    }

    @Test("a browser that fails leaves the article unread; with no browser at all, the REPL says so")
    func browserFailure() async throws {
        let (run, directory) = try await Self.session(["browse 1", "list unread"], browserStatus: 3)
        #expect(run.stderr == "error: \(directory.path)/browser exited with status 3\n")
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (3 articles)"))
        let none = try await ScriptedRun.run(
            "list\nbrowse 1\n", in: directory, environment: ["BROWSER": "no-such-browser:nor-this-one"])
        #expect(none.stderr == "error: no browser found (tried no-such-browser, nor-this-one); set BROWSER\n")
    }

    @Test("pipe gives a program the article as text on its standard input, its arguments as typed, no shell")
    func pipeArticle() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let pager = try Self.recorder("pager", in: directory)
        let script = """
            add \(try Self.feed(in: directory).path)
            list
            pipe 1 \(pager.path) "$(touch dollar)" ';' `touch backtick` 'two words'
            pipe 2 no-such-program
            list unread

            """
        let run = try await ScriptedRun.run(script, in: directory)
        #expect(try Self.lines(directory.appendingPathComponent("pager.argv")) == ["$(touch dollar)", ";", "`touch", "backtick`", "two words"])
        #expect(
            try String(contentsOf: directory.appendingPathComponent("pager.stdin"), encoding: .utf8) == """
                Hostile link
                Hostile · 2025-06-02 10:00
                https://example.org/a;touch$IFS'semicolon';$(touch$IFS'dollar');%60touch$IFS'backtick'%60

                See next[1] and mail[2]

                [1] https://example.org/next
                [2] mailto:a@example.org

                """)
        for name in ["dollar", "backtick"] {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path), "\(name)")
        }
        #expect(run.stdout.contains("piped 1 to \(pager.path): Hostile link\n"))
        #expect(run.stderr == "error: no program “no-such-program” found in PATH\n")
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (2 articles)"))
        #expect(run.status == 1)
    }

    @Test("a program the REPL runs holds none of its open files: only standard input, output and error")
    func programInheritsOnlyStandardStreams() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let lister = directory.appendingPathComponent("lister")
        // `exec` drops the shell's own descriptor for this script; `ls` adds 3, the directory it reads.
        try "#!/bin/sh\nexec ls /proc/self/fd > '\(directory.path)/descriptors'\n".write(to: lister, atomically: true, encoding: .utf8)
        chmod(lister.path, 0o755)
        let run = try await ScriptedRun.run("add \(try Self.feed(in: directory).path)\nlist\npipe 1 \(lister.path)\n", in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Self.lines(directory.appendingPathComponent("descriptors")) == ["0", "1", "2", "3"])
    }

    @Test("a program that stops reading early ends the pipe quietly, and the REPL goes on")
    func pipeToProgramThatStopsReading() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let long = directory.appendingPathComponent("long.rss")
        let text = String(repeating: "word ", count: 100_000)
        try Data(
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Long</title><item><guid>1</guid><title>Long</title><description>\(text)</description></item></channel></rss>"
                .utf8
        ).write(to: long)
        let run = try await ScriptedRun.run("add \(long.path)\nlist\npipe 1 head -c 10\nlist unread\n", in: directory)
        // head's ten bytes (the title, a line break, the start of the byline), then the REPL's own line.
        #expect(run.stdout.contains("  1  N   ") && run.stdout.contains("Long\nLong piped 1 to head: Long\n"))
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (0 articles)"))
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test("on a terminal, a piped program has the terminal: it reads keys from it, and the prompt comes back")
    func pipeOnATerminal() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let pager = directory.appendingPathComponent("pager")
        try """
            #!/bin/sh
            cat > '\(directory.path)/pager.stdin'
            printf 'pager> '
            read answer < /dev/tty
            printf '%s\\n' "$answer" > '\(directory.path)/pager.answer'

            """.write(to: pager, atomically: true, encoding: .utf8)
        chmod(pager.path, 0o755)
        let repl = try PtyProcess.repl(in: directory)
        try await repl.waitFor("rss> ")
        try await repl.enter("add \(try Self.feed(in: directory).path)", thenWaitFor: "added source 1: Hostile")
        try await repl.enter("list", thenWaitFor: "File link")
        try await repl.enter("pipe 2 \(pager.path)", thenWaitFor: "pager> ")
        try await repl.enter("quit please", thenWaitFor: "piped 2 to \(pager.path): FTP link")
        #expect(try String(contentsOf: directory.appendingPathComponent("pager.answer"), encoding: .utf8) == "quit please\n")
        try await repl.enter("list unread", thenWaitFor: "(2 articles)")
        repl.type("\u{04}")
        #expect(try await repl.waitForExit() == 0)
    }
}
