import Foundation
import LoopbackServers
import NIOHTTP1
import Synchronization
import Testing
import RssCore

extension ServeEndToEnd {
    /// Reader apps' Google Reader and Miniflux syncs, replayed request by request as their public sources make it
    /// (`Clients/replay/`), signed in at the address their users type: a first sync, a feed added and articles
    /// arriving through another front, marks made in `rss-repl`, marks made in the app, a second device, and an
    /// unsubscribe from the app. Every answer must be one the app takes (the replays fail on any other).
    @Suite("App replays", .timeLimit(.minutes(5)))
    struct AppReplayTests {
        /// The app, and the address its user types for a server at `base`.
        static let apps: [(app: String, address: @Sendable (String) -> String)] = [
            ("netnewswire", { $0 + "/api/greader.php" }), ("netnewswire", { $0 + "/" }),
            ("readyou", { $0 + "/api/greader.php" }), ("feedme", { $0 + "/" }),
            // NetNewsWire's own Miniflux account (its pull request #5405), on the Miniflux API.
            ("netnewswire_miniflux", { $0 + "/" }),
        ]

        @Test("a whole story of syncs", arguments: 0..<5)
        func story(app index: Int) async throws {
            let (app, address) = Self.apps[index]
            let news = Mutex(3)
            let feeds = try LoopbackFeedServer { request in
                request.path == "/news.xml"
                    ? .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text("news", items: news.withLock { $0 }).utf8))
                    : .init(status: 404)
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"]) { path in
                let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try await TestFeeds.follow([(try TestFeeds.write("small", items: 5, in: directory), [])], database: path)
            }
            let first = Replay(app: app, state: server.directory.appendingPathComponent("\(app)-1"), base: address(server.baseURL))
            let second = Replay(app: app, state: server.directory.appendingPathComponent("\(app)-2"), base: address(server.baseURL))
            let small = (0..<5).map { "small-\($0)" }

            // First sync: every article, unread.
            var seen = try await first.run("sync", in: server.directory)
            #expect(small.allSatisfy { seen.item($0)?.read == false }, "\(app): \(seen.items?.map(\.title) ?? [])")

            // A feed added through another front (rss-report, as the owner), then new articles in it.
            let report = ServeProcess.reportExecutable
            let added = try await ServeProcess.run(["--db", server.database, "--url", feeds.url("news.xml"), "--refresh"], executable: report, directory: server.directory)
            #expect(added.status == 0, "\(added.stderr)")
            seen = try await first.run("sync", in: server.directory)
            #expect(seen.feed("news") != nil, "\(app): \(seen.feeds?.map(\.title) ?? [])")
            #expect(["news-0", "news-1", "news-2"].allSatisfy { seen.item($0) != nil }, "\(app)")
            news.withLock { $0 = 5 }
            let refreshed = try await ServeProcess.run(["--db", server.database, "--refresh", "--force"], executable: report, directory: server.directory)
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            seen = try await first.run("sync", in: server.directory)
            #expect(["news-3", "news-4"].allSatisfy { seen.item($0)?.read == false }, "\(app): \(seen.items?.map(\.title) ?? [])")

            // Marks made in rss-repl reach the app.
            let repl = ServeProcess.executable.deletingLastPathComponent().appendingPathComponent("rss-repl")
            let marked = try await ServeProcess.run(["--db", server.database], input: "mark-all-read news\n", executable: repl, directory: server.directory)
            #expect(marked.status == 0, "\(marked.stdout) \(marked.stderr)")
            seen = try await first.run("sync", in: server.directory)
            #expect((0..<5).allSatisfy { seen.item("news-\($0)")?.read == true }, "\(app): \(seen.items ?? [])")

            // Marks made in the app reach the database.
            let read = try #require(seen.item("small-1")), star = try #require(seen.item("small-2"))
            try await first.run("mark-read", [read.id], in: server.directory)
            try await first.run("star", [star.id], in: server.directory)
            try await first.run("sync", in: server.directory)
            let articles = try await Library.articles(server.database)
            #expect(articles.first { $0.title == "small-1" }?.isRead == true, "\(app)")
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-2"], "\(app)")

            // A second device sees all of it (FeedMe fetches only what is unread or starred, NetNewsWire's
            // Miniflux account only that and what is dated within three months, which the sample's dates are not).
            seen = try await second.run("sync", in: server.directory)
            #expect(seen.item("small-2")?.starred == true && seen.item("small-0")?.read == false, "\(app)")
            if app == "feedme" || app == "netnewswire_miniflux" {
                #expect(seen.item("small-1") == nil && seen.item("news-4") == nil, "\(app)")
            } else {
                #expect(seen.item("small-1")?.read == true && seen.item("news-4")?.read == true, "\(app)")
            }

            // Unsubscribed from the second device: gone from the database and from the first device.
            let newsFeed = try #require(seen.feed("news"))
            try await second.run("unsubscribe", [newsFeed.id], in: server.directory)
            #expect(try await Library.sources(server.database).map(\.title) == ["small"])
            seen = try await first.run("sync", in: server.directory)
            #expect(seen.feed("news") == nil, "\(app): \(seen.feeds?.map(\.title) ?? [])")
            // NetNewsWire imports an OPML list: followed under the server's policy, and in its next sync.
            if app.hasPrefix("netnewswire") {
                let opml = server.directory.appendingPathComponent("subscriptions.opml")
                try #"<?xml version="1.0"?><opml version="1.1"><body><outline text="news" type="rss" xmlUrl="\#(feeds.url("news.xml"))"/></body></opml>"#
                    .write(to: opml, atomically: true, encoding: .utf8)
                seen = try await first.run("import-opml", [opml.path], in: server.directory)
                #expect(seen.feed("news") != nil, "\(seen.feeds?.map(\.title) ?? [])")
                #expect(try await Library.sources(server.database).map(\.title).sorted() == ["news", "small"])
            }
            // No request of the whole story was refused.
            #expect(seen.requests.allSatisfy { ($0.status ?? 0) < 400 }, "\(app): \(seen.requests.filter { ($0.status ?? 0) >= 400 })")
            #expect(await server.stop() == 0)
        }
    }
}
