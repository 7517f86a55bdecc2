import Foundation
import RssCore
import Testing
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// newsboat (Debian), a client no one here wrote, syncing in its FeedHQ mode (Google Reader API, Atom
    /// streams) and its Miniflux mode: what `-x reload` stores in its cache, and marks made in it (in tmux) that
    /// reach the database.
    @Suite("newsboat", .timeLimit(.minutes(5)))
    struct NewsboatTests {
        /// "small" (5 items, one already read in the database) and "other" (3 items, no tag).
        static func prepare(_ path: String) async throws {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let small = try TestFeeds.write("small", items: 5, in: directory)
            let other = try TestFeeds.write("other", items: 3, in: directory)
            try await TestFeeds.follow([(small, ["tech"]), (other, [])], database: path)
            let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
            let read = try await store.articles(ArticleQuery(searchText: "small-4"))
            store.dispatch(SetRead(ids: read.filter { $0.title == "small-4" }.map(\.id), isRead: true))
            await store.idle()
            try await store.closeDatabase()
        }

        @Test("-x reload stores every item with its read state and text", arguments: Newsboat.Mode.allCases)
        func reload(mode: Newsboat.Mode) async throws {
            let server = try await ServeProcess(prepare: Self.prepare)
            let newsboat = try Newsboat(server: server, mode: mode)
            let outcome = try await newsboat.reload()
            #expect(outcome.status == 0, "newsboat: \(outcome.stderr) \(outcome.stdout)")
            let items = try await newsboat.items()
            #expect(items.map(\.title) == ["other-0", "other-1", "other-2", "small-0", "small-1", "small-2", "small-3", "small-4"])
            #expect(items.filter { !$0.unread }.map(\.title) == ["small-4"])
            let feeds = Set(items.map(\.feed))
            #expect(feeds.count == 2)
            switch mode {
            // The feeds' ids, `feed/NUMBER`, in newsboat's URL for each.
            case .feedhq:
                #expect(feeds.allSatisfy { feed in
                    feed.hasPrefix(server.baseURL + "/reader/atom/feed%2F")
                        && Int(feed.dropFirst((server.baseURL + "/reader/atom/feed%2F").count).prefix { $0 != "?" }) != nil
                }, "\(feeds)")
            case .miniflux: #expect(feeds.allSatisfy { Int($0) != nil })
            case .ocnews: #expect(feeds == ["small", "other"])
            }
            #expect(items.first { $0.title == "small-0" }?.content.contains("Body of small number 0") == true)
            #expect(await server.stop() == 0)
        }

        @Test("the server's address typed with a trailing slash signs in and syncs", arguments: Newsboat.Mode.allCases)
        func trailingSlash(mode: Newsboat.Mode) async throws {
            let server = try await ServeProcess(prepare: Self.prepare)
            let newsboat = try Newsboat(server: server, mode: mode, address: { $0 + "/" })
            let outcome = try await newsboat.reload()
            #expect(outcome.status == 0 && !outcome.stderr.contains("Authentication failed"), "newsboat: \(outcome.stderr) \(outcome.stdout)")
            #expect(try await newsboat.items().count == 8)
            #expect(await server.stop() == 0)
        }

        // ocnews mode lists a "Starred" feed first: NextcloudNewsboatTests presses its own keys.
        @Test("an item toggled read and a feed marked read in newsboat are read in the database", arguments: [Newsboat.Mode.feedhq, .miniflux])
        func marksGoBack(mode: Newsboat.Mode) async throws {
            let server = try await ServeProcess(prepare: Self.prepare)
            let newsboat = try Newsboat(server: server, mode: mode)
            #expect(try await newsboat.reload().status == 0)
            let session = try await newsboat.interactive()
            let shown = try await session.waitFor("small")
            let firstScreen = try await session.screen()
            #expect(shown, "newsboat showed: \(firstScreen)")
            // The first feed is "small": open it, toggle its first item read, back, then mark "other" read.
            try await session.press("Enter", "N", "q", "Down", "A")
            let expected: Set = ["small-0", "small-4", "other-0", "other-1", "other-2"]
            let articles = try await Library.waitFor(server.database) { articles in
                Set(articles.filter(\.isRead).map(\.title)) == expected
            }
            let screen = try await session.screen()
            try await session.press("q")
            try await session.end()
            #expect(Set(articles.filter(\.isRead).map(\.title)) == expected, "newsboat showed: \(screen)")
            #expect(await server.stop() == 0)
        }

        @Test("FeedHQ mode: 1,200 items of a feed in one reload, and a star set in newsboat is starred in the database")
        func manyItemsAndStar() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let newsboat = try Newsboat(server: server, mode: .feedhq, more: "feedhq-min-items 1500\nfeedhq-flag-star \"s\"")
            let outcome = try await newsboat.reload()
            #expect(outcome.status == 0, "newsboat: \(outcome.stderr) \(outcome.stdout)")
            let items = try await newsboat.items()
            #expect(items.filter { $0.title.hasPrefix("big-") }.count == Library.bigCount)
            #expect(Set(items.map(\.title)).count == Library.bigCount + Library.smallCount)
            let session = try await newsboat.interactive()
            try await session.expect("(1200/1200) big")
            // Open "big" (the first feed), give its first item (big-0) the star flag.
            try await session.press("Enter", "C-e", "s", "Enter")
            let articles = try await Library.waitFor(server.database) { $0.contains(where: \.isStarred) }
            let screen = try await session.screen()
            try await session.press("q", "q")
            try await session.end()
            #expect(articles.filter(\.isStarred).map(\.title) == ["big-0"], "newsboat showed: \(screen)")
            #expect(await server.stop() == 0)
        }
    }
}
