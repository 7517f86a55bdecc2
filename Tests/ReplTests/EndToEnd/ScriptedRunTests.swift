import Foundation
@testable import RssCore
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("rss-repl scripted through a pipe")
struct ScriptedRunTests {
    @Test("a reading session gives the expected output, with no prompt or control codes", .timeLimit(.minutes(5)))
    func readingSession() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let script = """
            add \(ReplPaths.sample("qemu.atom")) virt
            set page-size 3
            list
            star 2
            read 3
            switch
            list starred
            sw
            list unread
            next
            quit
            list

            """
        let run = try await ScriptedRun.run(script, in: directory)
        let expected = """
            10 new in QEMU
            added source 1: QEMU
            refresh-interval      3600 s
            page-size             3
            retention-days        off
            retention-per-source  off
            dedup                 on
            list 1: all articles, page 1 of 4 (10 articles)
              1  N   2025-08-26 23:25  QEMU            QEMU version 10.1.0 released
              2  N   2025-04-23 18:14  QEMU            QEMU version 10.0.0 released
              3  N   2025-03-06 07:00  QEMU            Announcing QEMU Google Summer of Code 2025 internships
            starred 2: QEMU version 10.0.0 released
            marked read 3: Announcing QEMU Google Summer of Code 2025 internships
            list 2: all articles, page 1 of 4 (10 articles)
              1  N   2025-08-26 23:25  QEMU            QEMU version 10.1.0 released
              2  N*  2025-04-23 18:14  QEMU            QEMU version 10.0.0 released
              3      2025-03-06 07:00  QEMU            Announcing QEMU Google Summer of Code 2025 internships
            list 2: starred articles, page 1 of 1 (1 article)
              1  N*  2025-04-23 18:14  QEMU            QEMU version 10.0.0 released
            list 1: all articles, page 1 of 4 (10 articles)
              1  N   2025-08-26 23:25  QEMU            QEMU version 10.1.0 released
              2  N*  2025-04-23 18:14  QEMU            QEMU version 10.0.0 released
              3      2025-03-06 07:00  QEMU            Announcing QEMU Google Summer of Code 2025 internships
            list 1: unread articles, page 1 of 3 (9 articles)
              1  N   2025-08-26 23:25  QEMU            QEMU version 10.1.0 released
              2  N*  2025-04-23 18:14  QEMU            QEMU version 10.0.0 released
              3  N   2024-12-11 23:42  QEMU            QEMU version 9.2.0 released
            list 1: unread articles, page 2 of 3 (9 articles)
              4  N   2024-09-03 23:08  QEMU            QEMU version 9.1.0 released
              5  N   2024-05-06 06:00  QEMU            KVM Forum 2024: Call for presentations
              6  N   2024-04-23 23:02  QEMU            QEMU version 9.0.0 released

            """
        #expect(run.stdout == expected)
        #expect(run.stderr == "")
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\u{1B}"))
    }

    @Test("open renders the article through routing: wrapped text, numbered links", .timeLimit(.minutes(5)))
    func openArticle() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let run = try await ScriptedRun.run(
            "add \(ReplPaths.sample("qemu.atom"))\nlist\nopen 2\nlist unread\n", in: directory)
        #expect(run.stdout.contains("QEMU version 10.0.0 released\nQEMU · 2025-04-23 18:14\n"))
        #expect(run.stdout.contains("  • VFIO: improved support for IGD passthrough on all Intel Gen 11/12 devices"))
        #expect(run.stdout.contains("[1] https://www.qemu.org/download/#source"))
        #expect(run.stdout.contains("list 1: unread articles, page 1 of 1 (9 articles)"))
        #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(run.status == 0)
    }

    @Test("bad input gives one line each, the session goes on, and the status says it failed", .timeLimit(.minutes(5)))
    func badInput() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let script = """
            lsit
            s
            open 3
            add ftp://example.com/feed
            add /no/such/file.xml
            import /no/such.opml
            remove nothing-like-this
            set page-size lots
            set page-size 0
            star -1
            read 1-x
            \u{1B}[2J\u{07}
            sources

            """
        let run = try await ScriptedRun.run(script, in: directory)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            errors == [
                "error: unknown command “lsit”; did you mean “list”? (help lists the commands)",
                "error: “s” could be sources, sort, star, search, switch, set, set-source; type more of it",
                "error: no article 3: show a list first (list)",
                "error: cannot add ftp://example.com/feed: unsupported scheme ftp (use http, https or file)",
                "error: “/no/such/file.xml” is neither a feed URL nor an existing file",
                "error: cannot import /no/such.opml: no such file",
                "error: no source matches “nothing-like-this” (sources lists them)",
                "error: page-size takes a number, not “lots”",
                "error: page size must be between 1 and 500",
                "error: “-1” is not an article number; usage: star N",
                "error: “1-x” is not an article number or range; usage: read N…",
                "error: unknown command (help lists the commands)",
            ])
        #expect(run.stdout.hasSuffix("no sources yet; add one with: add URL\n"))
        #expect(run.status == 1)
    }

    @Test(
        "directories, missing directories, ~ with $HOME, numbers out of range: one clear line each",
        .timeLimit(.minutes(5)))
    func pathsAndLargeNumbers() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let path = directory.path
        let script = """
            add \(path)
            import \(path)
            export \(path)
            export \(path)/missing/feeds.opml
            add \(ReplPaths.sample("qemu.atom"))
            export ~/feeds.opml
            set refresh-interval 9223372036854775807
            set refresh-interval 99999999999999999999h
            set page-size 99999999999999999999
            set retention-days 99999999999999999999

            """
        let run = try await ScriptedRun.run(script, in: directory)
        #expect(
            run.stderr.split(separator: "\n") == [
                "error: “\(path)” is a directory, not a feed",
                "error: cannot import \(path): it is a directory",
                "error: cannot export to \(path): it is a directory",
                "error: cannot export to \(path)/missing/feeds.opml: no such directory",
                "error: refresh-interval must be at most 30 days (2592000 s, 720h)",
                "error: refresh-interval must be at most 30 days (2592000 s, 720h)",
                "error: 99999999999999999999 is out of range for page-size",
                "error: 99999999999999999999 is out of range for retention-days",
            ])
        // `~` is the environment's HOME (the test's directory), as Tab completion has it.
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("feeds.opml").path))
        #expect(run.stdout.contains("to \(path)/feeds.opml"), "\(run.stdout)")
        #expect(run.status == 1)
    }

    @Test("export follows a symbolic link and refuses what is not a regular file", .timeLimit(.minutes(5)))
    func exportTargets() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let target = directory.appendingPathComponent("target.opml")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.opml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let run = try await ScriptedRun.run(
            "add \(ReplPaths.sample("qemu.atom"))\nexport link.opml\nexport fifo\n", in: directory)
        #expect(run.stderr == "error: cannot export to \(fifo.path): not a regular file\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("<opml"))
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("hostile feed text never reaches the terminal raw", .timeLimit(.minutes(5)))
    func hostileFeed() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let feed = directory.appendingPathComponent("evil.rss")
        let esc = "&#27;"
        try """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Evil\(esc)]52;c;aGk=\u{7}Feed</title>
        <item><title>Clear\(esc)[2J screen \u{202E}gnp.exe</title><guid>1</guid>
        <description><![CDATA[<p>Body \u{1B}[31mred\u{1B}[0m <a href="https://x.example/\u{1B}]8;;">link</a></p><script>alert(1)</script>]]></description></item>
        </channel></rss>
        """.write(to: feed, atomically: true, encoding: .utf8)
        let run = try await ScriptedRun.run("add \(feed.path)\nsources\nlist\nopen 1\n", in: directory)
        for output in [run.stdout, run.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        }
        #expect(run.stdout.contains("Clear[2J screen gnp.exe") || run.stdout.contains("Clear screen gnp.exe"))
        #expect(!run.stdout.contains("alert(1)"))
        #expect(run.stdout.contains("Body red link[1]"))
    }

    @Test("--help and --version", .timeLimit(.minutes(5)))
    func helpAndVersion() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let help = try await ScriptedRun.run("", in: directory, arguments: ["--help"])
        #expect(help.stdout.contains("--db"))
        #expect(help.status == 0)
        let version = try await ScriptedRun.run("", in: directory, arguments: ["--version"])
        #expect(version.stdout == "rss-repl \(ProgramVersion.current)\n")
    }

    @Test("an unusable database is one line and status 2", .timeLimit(.minutes(5)))
    func badDatabase() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let notADatabase = directory.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: notADatabase)
        let run = try await ScriptedRun.run("sources\n", in: directory, arguments: ["--db", notADatabase.path])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }
}
