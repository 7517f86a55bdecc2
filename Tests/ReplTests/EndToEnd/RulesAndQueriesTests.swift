import Foundation
import LoopbackServers
import Synchronization
import Testing

/// Rules and saved queries as a user meets them on a terminal: a rule added, a loopback feed refreshed, the
/// rule applied in both lists; a saved query shown with `list NAME`; Tab completing their names.
@Suite("rss-repl: rules and saved queries", .serialized)
struct RulesAndQueriesTests {
    /// An RSS feed of `titles`, each its own guid, a day apart.
    static func feed(_ titles: [String]) -> Data {
        var text = #"<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback news</title>"#
        for (index, title) in titles.enumerated() {
            text += "<item><guid>\(title)</guid><title>\(title)</title>"
            text += "<pubDate>Mon, 0\(index + 1) Dec 2025 10:00:00 GMT</pubDate></item>"
        }
        return Data((text + "</channel></rss>").utf8)
    }

    @Test(
        "on a terminal: a rule added, then a refresh of a loopback feed: both lists show the rule applied",
        .timeLimit(.minutes(5)))
    func ruleAppliedOnRefreshInBothLists() async throws {
        let fetches = Mutex(0)
        let server = try LoopbackFeedServer { _ in
            let count = fetches.withLock { count in
                count += 1
                return count
            }
            let titles = count == 1 ? ["Welcome"] : ["Welcome", "[ad] Buy now", "Release notes", "Old news"]
            return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Self.feed(titles))
        }
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory)
        try await repl.waitFor("rss> ")
        try await repl.enter("add \(server.url("feed.xml"))", thenWaitFor: "added source 1: Loopback news")
        try await repl.waitFor("rss> ")
        try await repl.enter(#"rule add ads title ~ "^\[ad\]" -> hide"#, thenWaitFor: #"rule ads title ~ "^\[ad\]" -> hide"#)
        try await repl.enter("rule add old title contains old -> read", thenWaitFor: "rule old title contains old -> read")
        try await repl.enter("refresh", thenWaitFor: "2 new in Loopback news")
        try await repl.waitFor("rss> ")

        try await repl.enter("list all", thenWaitFor: "list 1: all articles")
        let first = try await repl.waitFor("rss> ")
        #expect(first.contains("Release notes"))
        #expect(first.contains("Old news"))
        #expect(first.contains("Welcome"))
        #expect(!first.contains("Buy now"))
        #expect(first.contains("(3 articles)") || first.contains("3 articles"))

        try await repl.enter("switch", thenWaitFor: "rss> ")
        try await repl.enter("list unread", thenWaitFor: "list 2: unread articles")
        let second = try await repl.waitFor("rss> ")
        #expect(second.contains("Release notes"))
        #expect(second.contains("Welcome"))
        #expect(!second.contains("Old news"))
        #expect(!second.contains("Buy now"))

        // Tab completes a rule's name, and a saved query's after list.
        repl.type("rule remove o\t")
        try await repl.waitFor("rule remove old")
        try await repl.enter("", thenWaitFor: "removed rule old")
        try await repl.enter("query save notes title contains notes", thenWaitFor: "saved query notes")
        repl.type("list no\t")
        try await repl.waitFor("list notes")
        try await repl.enter("", thenWaitFor: "list 2: all articles of query notes")
        let query = try await repl.waitFor("rss> ")
        #expect(query.contains("Release notes"))
        #expect(!query.contains("Welcome"))

        // What a rule would select now: hidden articles are not among them.
        try await repl.enter("rule test title contains notes or title contains buy", thenWaitFor: "1 article matches")
        try await repl.enter("rule list", thenWaitFor: "ads title ~")
        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
    }

    @Test("scripted: mistakes in rules and queries are said with their column, and nothing is added", .timeLimit(.minutes(5)))
    func mistakes() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let script = """
            rule add bad titel contains x -> hide
            rule add bad title contains x
            rule add bad title contains x -> burn
            rule remove nothing
            query save q age > 7
            rule list
            query list

            """
        let run = try await ScriptedRun.run(script, in: directory)
        #expect(run.stderr == """
            error: rule: column 1: unknown field “titel” (fields: title, author, content, link, source, tag, age, unread, starred)
            error: “-> ACTION” expected after the expression; usage: \(Self.ruleUsage)
            error: the action is read, hide, star or delete; usage: \(Self.ruleUsage)
            error: no rule is named “nothing” (rule list shows them)
            error: query: column 7: “7” is not a duration such as 90m, 12h, 7d, 2w or 1d12h

            """)
        #expect(run.stdout == """
            no rules (rule add NAME EXPR -> read|hide|star|delete adds one)
            no saved queries (query save NAME EXPR saves one)

            """)
        #expect(run.status == 1)
    }

    static let ruleUsage = "rule add|list|remove|test|apply [NAME] [EXPR]"
}
