import Foundation
import ReduxVM
import ReduxVMTesting
import Testing

@_spi(Benchmarks) @_spi(Serve) @testable import RssCore

/// Each story once through a real store: two feeds carry one story (an aggregator's copy with tracking
/// parameters), and each has one story of its own.
@Suite("Each story once on a real store", .timeLimit(.minutes(5)))
struct StoryActivityTests {
    typealias F = ActivityFixtures
    static let origin = URL(string: "https://origin.example/feed")!
    static let aggregator = URL(string: "https://aggregator.example/feed")!

    static func rss(_ items: [(id: String, title: String, link: String, minute: Int)]) -> FetchResponse {
        let body = items.map {
            "<item><guid>\($0.id)</guid><title>\($0.title)</title><link>\($0.link)</link>"
                + "<pubDate>Mon, 02 Jun 2025 10:\(String(format: "%02d", $0.minute)):00 +0000</pubDate></item>"
        }.joined()
        let xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed</title>\(body)</channel></rss>"
        return .fetched(FetchedFeed(data: Data(xml.utf8), contentType: "application/rss+xml"))
    }

    static func fetcher() -> FakeFetcher {
        FakeFetcher([
            origin: .success(
                rss([
                    ("o1", "The story", "https://origin.example/2025/story", 10),
                    ("o2", "Origin only", "https://origin.example/2025/other", 5),
                ])),
            aggregator: .success(
                rss([
                    ("g1", "The story (via aggregator)", "https://origin.example/2025/story?utm_source=agg&ref=front", 20),
                    ("g2", "Aggregator only", "https://elsewhere.example/item", 1),
                ])),
        ])
    }

    /// A store with both feeds added (the origin first) and list 2 showing the aggregator.
    static func library(database: FeedDatabase? = nil) async throws -> (Store<RssState>, UUID, UUID) {
        let store = try await F.store(fetcher: fetcher(), database: database)
        store.dispatch(AddSource(url: origin, date: F.date))
        await store.idle()
        store.dispatch(AddSource(url: aggregator, date: F.date))
        await store.idle()
        let ids = Dictionary(uniqueKeysWithValues: store.state.sources.all.map { ($0.url, $0.id) })
        let (originID, aggregatorID) = (try #require(ids[origin]), try #require(ids[aggregator]))
        store.dispatch(ShowSource(list: .second, sourceID: aggregatorID))
        await store.idle()
        return (store, originID, aggregatorID)
    }

    @Test("the story shows once in the list of every source, with its other source, and counts once")
    func shownOnce() async throws {
        let (store, originID, aggregatorID) = try await Self.library()
        let state = store.state
        #expect(state.lists.first.rows.map(\.title) == ["The story", "Origin only", "Aggregator only"])
        #expect(state.lists.first.totalCount == 3)
        #expect(state.lists.first.rows.first?.otherSources == [aggregatorID])
        #expect(state.counts.total == 3 && state.counts.unread == 3)
        #expect(state.counts.unread(in: originID) == 2 && state.counts.unread(in: aggregatorID) == 2)
        // The aggregator's own list shows its copy.
        #expect(state.lists.second.rows.map(\.title) == ["The story (via aggregator)", "Aggregator only"])
        #expect(state.lists.second.rows.first?.otherSources == [originID])
        // The aggregator's refresh brought two articles, one of them a story already here: one new.
        #expect(state.refresh.newArticles == 1)
    }

    @Test("a mark on one copy shows on the other's row at once, and reaches the database for both")
    func markOnAll() async throws {
        let (store, originID, aggregatorID) = try await Self.library()
        let copy = try #require(store.state.lists.second.rows.first)
        store.dispatch(SetRead(ids: [copy.id], isRead: true))
        await store.processed()
        #expect(store.state.lists.first.rows.first?.isRead == true)
        store.dispatch(SetStarred(id: copy.id, isStarred: true))
        await store.processed()
        #expect(store.state.lists.first.rows.first?.isStarred == true)
        await store.idle()
        #expect(store.state.counts.unread == 2 && store.state.counts.starred == 1)
        #expect(store.state.counts.unread(in: originID) == 1 && store.state.counts.unread(in: aggregatorID) == 1)
        let stored = try await store.articles(ArticleQuery(isRead: true, isStarred: true))
        #expect(stored.map(\.title) == ["The story"])
        let both = try await store.articles(ArticleQuery(sourceIDs: [aggregatorID], isRead: true))
        #expect(both.map(\.title) == ["The story (via aggregator)"])
    }

    @Test("opening a copy names the story's other source in the article")
    func openedCopy() async throws {
        let (store, originID, _) = try await Self.library()
        let copy = try #require(store.state.lists.second.rows.first)
        store.dispatch(OpenArticle(id: copy.id))
        await store.idle()
        #expect(store.state.article?.otherSources == [originID])
        #expect(store.state.lists.first.rows.first?.isRead == true)
    }

    @Test("the query API returns the story once, naming the other source; counts agree")
    func queries() async throws {
        let (store, _, aggregatorID) = try await Self.library()
        let all = try await store.articles(ArticleQuery())
        #expect(all.map(\.title) == ["The story", "Origin only", "Aggregator only"])
        #expect(all.first?.otherSources == [aggregatorID])
        #expect(try await store.articleCount(ArticleQuery()) == 3)
        #expect(try await store.articlePositions(ArticleQuery()).count == 3)
        #expect(try await store.articles(ArticleQuery(searchText: "story")).count == 1)
    }

    @Test("the setting off shows and counts every copy, and a mark stays on its copy; on again, once")
    func settingOff() async throws {
        let (store, _, _) = try await Self.library()
        store.dispatch(ChangeSetting(.showsStoriesOnce(false)))
        await store.idle()
        #expect(store.state.lists.first.totalCount == 4)
        #expect(store.state.lists.first.rows.allSatisfy { $0.otherSources.isEmpty })
        #expect(store.state.counts.total == 4 && store.state.counts.unread == 4)
        #expect(try await store.articles(ArticleQuery()).count == 4)
        let copy = try #require(store.state.lists.second.rows.first)
        store.dispatch(SetRead(ids: [copy.id], isRead: true))
        await store.idle()
        #expect(store.state.counts.unread == 3)
        #expect(try await store.articles(ArticleQuery(isRead: false)).count == 3)
        store.dispatch(ChangeSetting(.showsStoriesOnce(true)))
        await store.idle()
        #expect(store.state.lists.first.totalCount == 3)
        #expect(store.state.counts.total == 3)
    }

    @Test("the setting is kept in the database, and read back by the next store")
    func settingKept() async throws {
        let directory = try TemporaryDirectory()
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        let (store, _, _) = try await Self.library(database: database)
        store.dispatch(ChangeSetting(.showsStoriesOnce(false)))
        await store.idle()
        #expect(try database.allSettings()["showsStoriesOnce"] == "off")
        let next = try await F.store(database: try FeedDatabase(location: .file(path: directory.databasePath)))
        #expect(next.state.settings.showsStoriesOnce == false)
        #expect(next.state.counts.total == 4)
    }

    @Test("another process's mark on one copy is seen on both copies, and in the counts")
    func otherProcess() async throws {
        let directory = try TemporaryDirectory()
        let (writer, _, _) = try await Self.library(database: try FeedDatabase(location: .file(path: directory.databasePath)))
        let reader = try await F.store(database: try FeedDatabase(location: .file(path: directory.databasePath)))
        reader.dispatch(ShowSource(list: .second, sourceID: writer.state.lists.second.filter.sourceID))
        await reader.idle()
        #expect(reader.state.counts.unread == 3)
        let copy = try #require(writer.state.lists.second.rows.first)
        writer.dispatch(SetRead(ids: [copy.id], isRead: true))
        await writer.databaseSettled()
        await reader.checkForChanges()
        await reader.idle()
        #expect(reader.state.counts.unread == 2)
        #expect(reader.state.lists.first.rows.first?.isRead == true)
        #expect(reader.state.lists.second.rows.first?.isRead == true)
    }
}
