import Foundation
import Testing

/// `--journal` records a session, `--replay` rebuilds where it ended from the journal alone and prints it
/// with the session's own views; `--log` writes a log with credentials removed.
@Suite("rss-repl's journal, replay and log", .timeLimit(.minutes(5)))
struct JournalReplayTests {
    /// The last table printed under `heading`: that line and the rows after it (a list's rows start with two
    /// spaces, the source table's with a right-aligned number).
    static func block(startingWith heading: String, in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.lastIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        var block = [lines[start]]
        for line in lines[(start + 1)...] {
            let isRow = line.hasPrefix("  ") || line.trimmingCharacters(in: .whitespaces).first?.isNumber == true
            guard isRow, !line.hasPrefix(" #") else { break }
            block.append(line)
        }
        return block
    }

    @Test("a scripted session replays to the lists and sources the session showed")
    func replayShowsWhatTheSessionShowed() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let journal = directory.appendingPathComponent("session.jsonl").path
        let script = """
            add \(ReplPaths.sample("qemu.atom")) virt
            add \(ReplPaths.sample("theomnishow.rss")) talk
            set page-size 4
            list
            star 2
            read 3-4
            sort title
            list unread
            next
            switch
            list starred
            open 1
            list
            switch
            list
            sources

            """
        let live = try await ScriptedRun.run(
            script, in: directory,
            arguments: ["--db", directory.appendingPathComponent("db.sqlite").path, "--no-preinstalled", "--journal", journal])
        #expect(live.status == 0, "\(live.stderr)")
        // A clean exit leaves the database file complete on its own.
        let wal = directory.appendingPathComponent("db.sqlite-wal").path
        #expect(((try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0) == 0)
        let replay = try await ScriptedRun.run("", in: directory, arguments: ["--replay", journal])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("replayed session.jsonl: 2 sources, 14 articles, 11 unread, 1 starred\n"), "\(replay.stdout)")
        // The sources table, list 1 (unread, by title, page 2) and list 2 (starred) as the session last printed them.
        for heading in [" #  on", "list 1:", "list 2:"] {
            let shown = Self.block(startingWith: heading, in: live.stdout)
            #expect(!shown.isEmpty, "the session printed no \(heading)")
            #expect(Self.block(startingWith: heading, in: replay.stdout) == shown, "\(heading) differs")
        }
        #expect(replay.stdout.contains("active list: 1"))
        let permissions = try FileManager.default.attributesOfItem(atPath: journal)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test("a first run's journal replays: the import of the preinstalled sources is in it")
    func firstRunReplays() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let journal = directory.appendingPathComponent("first.jsonl").path
        let live = try await ScriptedRun.run(
            "sources\n", in: directory, arguments: ["--db", directory.appendingPathComponent("new.sqlite").path, "--journal", journal])
        // Offline, the two news feeds fail: the run says so and ends with status 1; the journal is whole.
        #expect(live.stderr.contains("Lenta.ru: FETCH"))
        let replay = try await ScriptedRun.run("", in: directory, arguments: ["--replay", journal])
        #expect(replay.stdout.hasPrefix("replayed first.jsonl: 8 sources, 161 articles, 161 unread, 0 starred"), "\(replay.stdout)")
        #expect(Self.block(startingWith: " #  on", in: replay.stdout) == Self.block(startingWith: " #  on", in: live.stdout))
    }

    @Test("a journal that cannot be replayed: one line and a status that says why")
    func badJournals() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let notAJournal = directory.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: notAJournal)
        let refused = try await ScriptedRun.run("", in: directory, arguments: ["--replay", notAJournal.path])
        #expect(refused.status == 65)
        #expect(refused.stderr == "error: \(notAJournal.path) is not a journal (no rss-reeder-journal format line)\n")
        let newer = directory.appendingPathComponent("newer.jsonl")
        try Data(#"{"format":"rss-reeder-journal","version":99,"writer":"rss-repl 9.0"}"#.utf8).write(to: newer)
        let tooNew = try await ScriptedRun.run("", in: directory, arguments: ["--replay", newer.path])
        #expect(tooNew.status == 65)
        #expect(tooNew.stderr.contains("version 99 (written by rss-repl 9.0)"), "\(tooNew.stderr)")
        let missing = try await ScriptedRun.run("", in: directory, arguments: ["--replay", directory.appendingPathComponent("none").path])
        #expect(missing.status == 66)
        let unwritable = try await ScriptedRun.run(
            "", in: directory, arguments: ["--db", directory.appendingPathComponent("db.sqlite").path, "--journal", "/proc/nope/j"])
        #expect(unwritable.status == 73, "\(unwritable.stderr)")
        #expect(unwritable.stderr.hasPrefix("error: cannot write journal /proc/nope/j"))
    }

    @Test("--log writes actions with where they were dispatched, and never a feed's password")
    func logRedactsCredentials() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let log = directory.appendingPathComponent("rss.log")
        let run = try await ScriptedRun.run(
            "add http://feeder:hunter2secret@127.0.0.1:9/feed.xml\nlist\n", in: directory,
            arguments: [
                "--db", directory.appendingPathComponent("db.sqlite").path, "--no-preinstalled", "--log", "debug",
                "--log-file", log.path,
            ])
        #expect(run.status == 0 || run.status == 1)
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(!text.contains("hunter2secret"))
        #expect(!text.contains("feeder:"))
        #expect(text.contains("opened database"))
        #expect(text.contains("debug rss-repl: DiscoverFeeds("), "\(text.prefix(2_000))")
        #expect(text.contains("(AddCommand.swift:"))
        #expect(text.contains("fetch failed: http://127.0.0.1:9/feed.xml"), "\(text.suffix(2_000))")
        #expect(!run.stderr.contains("debug"), "the log went to the file, not to standard error")
    }
}
