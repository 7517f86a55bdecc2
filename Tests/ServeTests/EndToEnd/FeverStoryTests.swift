import Foundation
import NIOHTTP1
import ReduxVM
import RssCore
import Testing

@testable import ServeCore
@testable import ServeFront

extension ServeEndToEnd {
    /// A Fever app's life with the server, replayed by `Clients/replay/fever_client.py` (Unread's sequence,
    /// checked with the strictest open apps' parsers): while another front changes the same database, the app
    /// follows, and what the app marks is in the database.
    @Suite("Fever: an app's story", .timeLimit(.minutes(5)))
    struct FeverStoryTests {
        @Test(
            "first sync, a new feed and articles, marks both ways, a second device, a feed marked read, an unsubscribe")
        func story() async throws {
            let server = try await ServeProcess(prepare: FeverLibrary.prepare)
            try await FeverLibrary.turnOn(server)
            let feeds = FeverLibrary.feeds(server)
            let phone = FeverReplay(server, device: "phone")

            // The first sync: Unread's probe without a key (a GET), then everything, unread items by with_ids.
            let first = try await phone.run("sync")
            #expect(first.requests.first?.method == "GET" && first.requests.first?.status == 200)
            #expect(first.requests.filter { $0.path.contains("with_ids") }.count == 2)
            let tech = try #require(first.groups.first { $0.title == "tech" })
            #expect(first.groups == [tech, .init(id: Int(Int32.max), title: "Uncategorized")])
            #expect(first.feed("tech")?.groups == [tech.id])
            #expect(first.feed("small")?.groups == [Int(Int32.max)])
            #expect(first.items.count == FeverLibrary.techCount + FeverLibrary.smallCount)
            #expect(first.items.allSatisfy { !$0.read && !$0.starred })

            // Another front: two read, one starred, a new feed under a new tag, and two new articles.
            try await OtherFront.change(server.database) { store in
                let small0 = try await OtherFront.article(store, titled: "small-0")
                let small1 = try await OtherFront.article(store, titled: "small-1")
                store.dispatch(SetRead(ids: [small0.id, small1.id], isRead: true))
                store.dispatch(
                    SetStarred(id: try await OtherFront.article(store, titled: "tech-3").id, isStarred: true))
                store.dispatch(AddSource(url: try TestFeeds.write("news", items: 3, in: feeds), tags: ["news"]))
                _ = try TestFeeds.write("small", items: FeverLibrary.smallCount + 2, in: feeds)
                store.dispatch(Refresh(sourceIDs: [try OtherFront.source(store, titled: "small").id]))
            }
            // Everything so far was stored in an earlier second than the next sync's requests.
            try await Task.sleep(for: .milliseconds(1_100))
            let second = try await phone.run("sync")
            #expect(second.feeds.map(\.title).sorted() == ["news", "small", "tech"])
            let news = try #require(second.groups.first { $0.title == "news" })
            #expect(Set(second.groups.map(\.title)) == ["news", "tech", "Uncategorized"])
            #expect(second.feed("news")?.groups == [news.id])
            #expect(second.item("small-0")?.read == true && second.item("small-1")?.read == true)
            #expect(second.item("small-2")?.read == false)
            #expect(second.item("tech-3")?.starred == true)
            for title in ["small-5", "small-6", "news-0", "news-1", "news-2"] {
                #expect(second.item(title)?.read == false, "\(title)")
            }
            #expect(second.items.count == FeverLibrary.techCount + FeverLibrary.smallCount + 5)

            // The app's marks reach the database.
            let numbers = Dictionary(
                try await Library.articles(server.database).map { ($0.title, $0.number) },
                uniquingKeysWith: { first, _ in first })
            func number(_ title: String) throws -> String { String(try #require(numbers[title])) }
            try await phone.run("mark-read", try number("tech-0"))
            try await phone.run("mark-unread", try number("small-0"))
            try await phone.run("star", try number("small-2"))
            try await phone.run("unstar", try number("tech-3"))
            let marked = Dictionary(
                try await Library.articles(server.database).map { ($0.title, $0) },
                uniquingKeysWith: { first, _ in first })
            #expect(marked["tech-0"]?.isRead == true)
            #expect(marked["small-0"]?.isRead == false)
            #expect(marked["small-1"]?.isRead == true)
            #expect(marked["small-2"]?.isStarred == true)
            #expect(marked["tech-3"]?.isStarred == false)

            // A second device, at FreshRSS's address, with GETs and multipart bodies: what Unread fetches (the
            // unread and saved items), in the states the first device left.
            let tablet = FeverReplay(
                server, device: "tablet", transport: .init(path: "/api/fever.php", method: "GET", body: "multipart"))
            let seen = try await tablet.run("sync")
            #expect(
                Set(seen.items.map(\.title)) == Set(marked.values.filter { !$0.isRead || $0.isStarred }.map(\.title)))
            #expect(seen.item("tech-0") == nil)
            #expect(seen.item("small-2")?.starred == true)
            #expect(seen.item("tech-3")?.starred == false)

            // Marking a feed read leaves alone what was stored after the app last asked for items.
            let before = try phone.lastItemsRequest
            try await Task.sleep(for: .milliseconds(1_100))
            try await OtherFront.change(server.database) { store in
                _ = try TestFeeds.write("tech", items: FeverLibrary.techCount + 2, in: feeds)
                store.dispatch(Refresh(sourceIDs: [try OtherFront.source(store, titled: "tech").id]))
            }
            try await phone.run("mark-feed-read", String(try #require(second.feed("tech")).id))
            let techArticles = try await Library.articles(server.database).filter { $0.title.hasPrefix("tech-") }
            #expect(techArticles.count == FeverLibrary.techCount + 2)
            for article in techArticles {
                let storedBefore = article.firstSeen < Date(timeIntervalSince1970: Double(before))
                #expect(
                    article.isRead == storedBefore, "\(article.title) stored \(article.firstSeen), before \(before)")
            }
            #expect(techArticles.filter { !$0.isRead }.map(\.title).sorted() == ["tech-60", "tech-61"])
            let tabletAgain = try await tablet.run("sync")
            #expect(
                tabletAgain.items.filter { $0.title.hasPrefix("tech-") && !$0.read }.map(\.title).sorted() == [
                    "tech-60", "tech-61",
                ])

            // Unsubscribed in another front: the app drops the feed, its items and the group it alone was in.
            try await OtherFront.change(server.database) { store in
                store.dispatch(RemoveSource(id: try OtherFront.source(store, titled: "small").id))
            }
            let last = try await phone.run("sync")
            #expect(last.feed("small") == nil)
            #expect(!last.items.contains { $0.title.hasPrefix("small-") })
            #expect(Set(last.groups.map(\.title)) == ["news", "tech"])
            #expect(await server.stop() == 0)
        }
    }
}

/// The library the Fever tests serve: "tech" (60 items, more than a page of 50, tag "tech") and "small" (5
/// items, no tag).
enum FeverLibrary {
    static let techCount = 60
    static let smallCount = 5

    /// Where the feed files are, beside the database.
    static func feeds(_ server: ServeProcess) -> URL {
        server.directory.appendingPathComponent("feeds")
    }

    /// Writes both feeds and follows them in the database at `path`.
    static func prepare(_ path: String) async throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tech = try TestFeeds.write("tech", items: techCount, in: directory)
        let small = try TestFeeds.write("small", items: smallCount, in: directory)
        try await TestFeeds.follow([(tech, ["tech"]), (small, [])], database: path)
    }

    /// Turns the Fever API on for the test user, as the owner would: `rss-serve user fever alice on`.
    static func turnOn(
        _ server: ServeProcess, user: String = ServeProcess.user, password: String = ServeProcess.password
    ) async throws {
        let outcome = try await ServeProcess.run(
            ["user", "fever", user, "on", "--accounts", server.accounts], input: password + "\n",
            directory: server.directory)
        guard outcome.status == 0 else { throw ServeProblem("user fever on: \(outcome.stderr)") }
    }

    /// The test user's `api_key`.
    static let key = FeverKey.key(name: ServeProcess.user, password: ServeProcess.password)
}
