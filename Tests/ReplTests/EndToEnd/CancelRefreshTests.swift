import Foundation
import LoopbackServers
import Synchronization
import Testing

/// Ctrl-C while `refresh` (or `add`) waits for a slow HTTP server on 127.0.0.1: the fetches are cancelled, the
/// program stays, nothing the slow answers would have brought is written, and the server sees the client leave.
@Suite("rss-repl: Ctrl-C during a slow refresh", .serialized)
struct CancelRefreshTests {
    /// Wide enough for a whole sources row: from late evening the next due time is a date (`11-25 00:35`), which
    /// would push the addresses these tests look for past a 100-column terminal.
    static let columns = 160

    /// An RSS feed titled `title` with `count` items, the newest last.
    static func feed(_ title: String, items count: Int) -> Data {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(title)</title>"
        for item in 1...count {
            text += "<item><title>\(title) item \(item)</title><guid>\(title)-\(item)</guid>"
            text += "<pubDate>Mon, 0\(item) Dec 2025 10:00:00 GMT</pubDate></item>"
        }
        return Data((text + "</channel></rss>").utf8)
    }

    /// `/alpha.xml` and `/beta.xml` answer their first request at once with two items; later requests would bring
    /// a third item, but only after a minute. `/stalled.xml` always takes a minute; `/stalled/` is a page
    /// declaring it.
    static func slowAfterFirst() throws -> LoopbackFeedServer {
        let counts = Mutex<[String: Int]>([:])
        return try LoopbackFeedServer { request in
            let count = counts.withLock { counts in
                counts[request.path, default: 0] += 1
                return counts[request.path]!
            }
            switch request.path {
            case "/alpha.xml", "/beta.xml":
                let title = request.path == "/alpha.xml" ? "Alpha" : "Beta"
                if count == 1 { return .init(status: 200, body: feed(title, items: 2)) }
                return .init(status: 200, body: feed(title, items: 3), delay: 60)
            case "/stalled.xml":
                return .init(status: 200, body: feed("Stalled", items: 1), delay: 60)
            case "/stalled/":
                let page = #"<link rel="alternate" type="application/rss+xml" href="/stalled.xml">"#
                return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
            default:
                return .init(status: 404)
            }
        }
    }

    @Test(
        "Ctrl-C during refresh: cancelled, the program stays, nothing half-written, the server sees the hang-up",
        .timeLimit(.minutes(5)))
    func ctrlCDuringRefresh() async throws {
        let server = try Self.slowAfterFirst()
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory, columns: Self.columns)
        try await repl.waitFor("rss> ")
        repl.type("add \(server.url("alpha.xml"))\r")
        try await repl.waitFor("added source 1: Alpha")
        try await repl.waitFor("rss> ")
        repl.type("add \(server.url("beta.xml"))\r")
        try await repl.waitFor("added source 2: Beta")
        try await repl.waitFor("rss> ")

        repl.type("refresh\r")
        try await repl.waitFor("refreshing 0 of 2… (Ctrl-C cancels)")
        // Both slow requests are in flight (two per host are allowed) before the key is pressed.
        try await waitUntil("both refresh requests to reach the server") { server.seen.count == 4 }
        repl.type("\u{03}")
        let cancelled = try await repl.waitFor("rss> ")
        #expect(cancelled.contains("refresh cancelled (0 of 2 sources fetched)"), "\(cancelled)")
        #expect(!cancelled.contains("refreshed"))

        // The session goes on, and the sources are as the first fetch left them: no failure recorded, no item 3.
        let table = try await repl.output(of: "sources", from: "status · url")
        let rows = table.split(separator: "\n").filter { $0.contains("127.0.0.1") }
        #expect(rows.count == 2, "\(table)")
        for row in rows {
            #expect(row.contains("      2  ") && row.contains(" OK · http://127.0.0.1"), "\(row)")
        }
        let list = try await repl.output(of: "list", from: "articles, page")
        #expect(list.contains("(4 articles)"), "\(list)")
        #expect(list.contains("Alpha item 2") && list.contains("Beta item 2"))
        #expect(!list.contains("item 3"))

        // The fetches were really cancelled: the client closed both connections before the server answered.
        try await waitUntil("the server to see both connections closed") { server.abandoned.count == 2 }
        #expect(Set(server.abandoned) == ["/alpha.xml", "/beta.xml"])

        repl.type("\u{04}")
        #expect(try await repl.waitForExit() == 0)
    }

    @Test("Ctrl-C while add looks for feeds: nothing is added, the fetch is cancelled", .timeLimit(.minutes(5)))
    func ctrlCDuringDiscovery() async throws {
        let server = try Self.slowAfterFirst()
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory, columns: Self.columns)
        try await repl.waitFor("rss> ")
        repl.type("add \(server.url("stalled.xml"))\r")
        try await repl.waitFor("looking for feeds at \(server.url("stalled.xml"))… (Ctrl-C cancels)")
        try await waitUntil("the request to reach the server") { server.seen.count == 1 }
        repl.type("\u{03}")
        try await repl.waitFor("add cancelled")
        repl.type("sources\r")
        try await repl.waitFor("no sources yet")
        try await waitUntil("the server to see the connection closed") { server.abandoned == ["/stalled.xml"] }
        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
    }

    @Test("Ctrl-C while add waits for its first fetch: the source is kept, not fetched", .timeLimit(.minutes(5)))
    func ctrlCDuringAdd() async throws {
        let server = try Self.slowAfterFirst()
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory, columns: Self.columns)
        try await repl.waitFor("rss> ")
        repl.type("add \(server.url("stalled/"))\r")
        try await repl.waitFor("(Ctrl-C cancels)")
        // The page, then the feed it declares, which stalls.
        try await waitUntil("the feed's request to reach the server") { server.seen.count == 2 }
        repl.type("\u{03}")
        let added = try await repl.waitFor("rss> ")
        #expect(added.contains("refresh cancelled\nadded source 1: 127.0.0.1"), "\(added)")

        let table = try await repl.output(of: "sources", from: "status · url")
        #expect(table.contains(" 1  on        0  127.0.0.1") && table.contains(" new · http://127.0.0.1"), "\(table)")
        try await waitUntil("the server to see the connection closed") { server.abandoned == ["/stalled.xml"] }

        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
    }
}
