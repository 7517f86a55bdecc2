import Foundation
import LoopbackServers
import Testing

/// Full text as a user works with it: `set-source SOURCE full-text on`, `sources` saying so, `full N` and
/// `open N --full` showing the page's text and saying which text it is, and a page that gives none.
@Suite("rss-repl: full text", .serialized)
struct FullTextTests {
    @Test("through a pipe: full text on for a source, sources says so, full N and open N --full say which text", .timeLimit(.minutes(5)))
    func scripted() async throws {
        let site = try ArticleSite.start()
        let directory = try ReplPaths.temporaryDirectory()
        let script = """
            add \(site.url("feed.xml"))
            set-source Gazette full-text on
            sources
            list
            full 1
            open 2 --full
            full 3
            open 1
            search word2
            quit

            """
        let run = try await ScriptedRun.run(script, in: directory, environment: ["COLUMNS": "160"])
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines.contains("“Gazette”: full text on; its new articles get their pages' text after each refresh"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix(" 1  on") && $0.contains("OK · full text · http://127.0.0.1") }, "\(run.stdout)")
        // Each article shown says which text follows, then the page's words.
        let fromPage = lines.filter { $0.hasPrefix("full text from 127.0.0.1, fetched ") }
        #expect(fromPage.count == 3, "\(run.stdout)")
        #expect(lines.contains { $0.contains("word1") } && lines.contains { $0.contains("word2") }, "\(run.stdout)")
        #expect(!lines.contains { $0.contains("Home") }, "\(run.stdout)")
        // The page that is missing: the problem, then the feed's text, named.
        #expect(run.stderr.contains("no full text for that article: cannot fetch the page: HTTP 404: not found"), "\(run.stderr)")
        #expect(lines.contains("feed summary"), "\(run.stdout)")
        #expect(lines.contains { $0.hasPrefix("list 1: all articles matching “word2”") && $0.hasSuffix("(1 article)") }, "\(run.stdout)")
    }

    @Test("on a terminal: full N fetches the page and shows it with its source named", .timeLimit(.minutes(5)))
    func onATerminal() async throws {
        let site = try ArticleSite.start()
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory, columns: 120)
        try await repl.waitFor("rss> ")
        repl.type("add \(site.url("feed.xml"))\r")
        try await repl.waitFor("Gazette")
        try await repl.waitFor("rss> ")
        repl.type("list\r")
        try await repl.waitFor("Story 404")
        try await repl.waitFor("rss> ")
        repl.type("full 2\r")
        let shown = try await repl.waitFor("word2")
        #expect(shown.contains("full text from 127.0.0.1, fetched "))
        try await repl.waitFor("rss> ")
        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
    }
}
