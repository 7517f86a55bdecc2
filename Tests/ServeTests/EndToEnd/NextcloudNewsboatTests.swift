import Foundation
import RssCore
import ReduxVM
import Testing

extension ServeEndToEnd {
    /// newsboat 2.21 (Debian) in its ownCloud News mode (`urls-source "ocnews"`), which speaks the Nextcloud
    /// News API v1-2: every item of a feed in one request, its cache checked with sqlite3, marks made in the
    /// database reaching it at the next reload, and marks pressed in it (in tmux) reaching the database.
    @Suite("Nextcloud News, newsboat", .timeLimit(.minutes(5)))
    struct NextcloudNewsboatTests {
        @Test("-x reload stores 1,200 items of a feed from one request, and a mark made in the database at the next reload")
        func reload() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let newsboat = try Newsboat(server: server, mode: .ocnews)
            let outcome = try await newsboat.reload()
            #expect(outcome.status == 0, "newsboat: \(outcome.stderr) \(outcome.stdout)")
            var items = try await newsboat.items()
            #expect(items.filter { $0.feed == "big" }.count == Library.bigCount)
            #expect(items.filter { $0.feed == "small" }.map(\.title).sorted() == (0..<Library.smallCount).map { "small-\($0)" })
            #expect(items.allSatisfy { $0.unread })
            #expect(items.first { $0.title == "big-0" }?.content.contains("Body of big number 0") == true)
            // One request per feed (and one for newsboat's "Starred" feed), each answered 200.
            let log = try String(contentsOfFile: server.logFile, encoding: .utf8)
            let itemRequests = log.split(separator: "\n").filter { $0.contains("GET /index.php/apps/news/api/v1-2/items ") }
            #expect(itemRequests.count == 3 && itemRequests.allSatisfy { $0.contains(" 200 ") }, "\(itemRequests)")

            try await NextcloudReplayTests.elsewhere(server.database) { store in
                let articles = try await store.articles(ArticleQuery(searchText: "small"))
                store.dispatch(SetRead(ids: articles.filter { ["small-1", "small-3"].contains($0.title) }.map(\.id), isRead: true))
            }
            #expect(try await newsboat.reload().status == 0)
            items = try await newsboat.items()
            #expect(items.filter { !$0.unread }.map(\.title).sorted() == ["small-1", "small-3"])
            #expect(await server.stop() == 0)
        }

        @Test("an item toggled read, a star flag and a feed marked read in newsboat are in the database")
        func marks() async throws {
            let server = try await ServeProcess(prepare: NewsboatTests.prepare)
            let newsboat = try Newsboat(server: server, mode: .ocnews, more: "ocnews-flag-star \"s\"")
            #expect(try await newsboat.reload().status == 0)
            let session = try await newsboat.interactive()
            try await session.expect("small")
            // Feeds: Starred, other, small. Open "small" (the third), toggle its first item (small-0) read (the
            // cursor moves on to small-1), give small-1 the star flag, back, then mark "other" (one up) read.
            try await session.press("Down", "Down", "Enter", "N", "C-e", "s", "Enter", "q", "Up", "A")
            let expected: Set = ["small-0", "small-4", "other-0", "other-1", "other-2"]
            let articles = try await Library.waitFor(server.database) { articles in
                Set(articles.filter(\.isRead).map(\.title)) == expected && articles.contains(where: \.isStarred)
            }
            let screen = try await session.screen()
            try await session.press("q")
            try await session.end()
            #expect(Set(articles.filter(\.isRead).map(\.title)) == expected, "newsboat showed: \(screen)")
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-1"], "newsboat showed: \(screen)")
            #expect(await server.stop() == 0)
        }
    }
}
