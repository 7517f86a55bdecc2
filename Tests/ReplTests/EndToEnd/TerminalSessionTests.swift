import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("rss-repl on a pseudo-terminal", .serialized)
struct TerminalSessionTests {
    func start(_ directory: URL) throws -> PtyProcess {
        try PtyProcess.repl(in: directory)
    }

    @Test("typing, Tab completion, Ctrl-D, and Up-arrow history in a second session", .timeLimit(.minutes(5)))
    func typingCompletionHistory() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let first = try start(directory)
        try await first.waitFor("rss> ")
        first.type("sou\t")
        try await first.waitFor("sources")
        first.type("\r")
        try await first.waitFor("no sources yet; add one with: add URL")
        first.type("hel\tset\r")
        try await first.waitFor("usage: set [KEY VALUE]")
        first.type("\u{04}")
        #expect(try await first.waitForExit() == 0)
        let history = try String(
            contentsOf: directory.appendingPathComponent("state/rss-reeder/history"), encoding: .utf8)
        #expect(history.contains("sources"))

        let second = try start(directory)
        try await second.waitFor("rss> ")
        second.type("\u{1B}[A")
        try await second.waitFor("help set")
        second.type("\u{1B}[A\r")
        try await second.waitFor("no sources yet")
        second.type("quit\r")
        #expect(try await second.waitForExit() == 0)
    }

    @Test(
        "a huge refresh interval is refused, and the session (with its refresh timer) goes on",
        .timeLimit(.minutes(5)))
    func hugeRefreshInterval() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try start(directory)
        try await repl.waitFor("rss> ")
        // Before the limit, RssCore's refresh timer overflowed on this and the program crashed, then again at
        // every start.
        repl.type("set refresh-interval 9223372036854775807\r")
        try await repl.waitFor("error: refresh-interval must be at most 30 days")
        repl.type("set refresh 720h\r")
        try await repl.waitFor("refresh-interval      2592000 s")
        repl.type("sources\r")
        try await repl.waitFor("no sources yet")
        repl.type("\u{04}")
        #expect(try await repl.waitForExit() == 0)
    }

    /// Writes `count` feeds of `items` items each and an OPML file following them; big enough that fetching,
    /// parsing and merging them takes a while (cancelling slow HTTP fetches is in CancelRefreshTests).
    func bigFeeds(_ directory: URL, name: String, count: Int, items: Int) throws -> URL {
        var outlines = ""
        for index in 0..<count {
            var feed = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(name)\(index)</title>"
            for item in 0..<items {
                feed += "<item><title>Item \(item) of \(name)\(index)</title><guid>\(name)-\(index)-\(item)</guid>"
                feed += "<description>Some text for item \(item), long enough to be indexed and stored.</description></item>"
            }
            feed += "</channel></rss>"
            let file = directory.appendingPathComponent("\(name)\(index).rss")
            try feed.write(to: file, atomically: true, encoding: .utf8)
            outlines += "<outline text=\"\(name)\(index)\" type=\"rss\" xmlUrl=\"\(file.absoluteString)\"/>"
        }
        let opml = directory.appendingPathComponent("\(name).opml")
        try "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>t</title></head><body>\(outlines)</body></opml>"
            .write(to: opml, atomically: true, encoding: .utf8)
        return opml
    }

    @Test(
        "a background refresh's notice prints above the half-typed line; Ctrl-C cancels a refresh",
        .timeLimit(.minutes(5)))
    func backgroundNoticeAndCancel() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let opml = try bigFeeds(directory, name: "Slow", count: 24, items: 2000)
        let repl = try start(directory)
        try await repl.waitFor("rss> ")
        repl.type("import \(opml.path)\r")
        try await repl.waitFor("imported 24 sources from Slow.opml")
        try await repl.waitFor("rss> ")
        repl.type("sou")
        try await repl.waitFor("sou")
        try await repl.waitFor("2000 new in Slow", timeout: .seconds(60))
        try await repl.waitFor("rss> sou")
        repl.type("rces\r")
        let table = try await repl.waitFor("Slow23")
        #expect(table.contains("Slow0"))

        repl.type("refresh\r")
        try await repl.waitFor("(Ctrl-C cancels)")
        repl.type("\u{03}")
        let cancelled = try await repl.waitFor("refresh cancelled")
        #expect(!cancelled.contains("refreshed 24 of 24"))
        repl.type("\u{04}")
        #expect(try await repl.waitForExit() == 0)
    }
}
