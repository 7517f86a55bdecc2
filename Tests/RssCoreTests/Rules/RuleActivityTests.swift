import FeedParser
import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Rules and saved queries on a real store: stored, applied to what a refresh brings and on demand, shown
/// in both lists, written to OPML and read back.
@Suite("Rules and saved queries on a real store", .timeLimit(.minutes(5)))
struct RuleActivityTests {
    typealias F = ActivityFixtures
    static let feed = URL(string: "https://fake.example/feed.xml")!

    /// A store following the fake feed, fetched once with `items`.
    static func following(
        _ items: [(id: String, title: String)], fetcher: FakeFetcher = FakeFetcher(), database: FeedDatabase? = nil
    ) async throws -> (Store<RssState>, UUID) {
        fetcher.set(feed, .success(F.rss(items)))
        let store = try await F.store(fetcher: fetcher, database: database)
        let id = UUID()
        store.dispatch(AddSource(url: feed, id: id, date: F.date))
        await store.idle()
        return (store, id)
    }

    @Test("a rule added applies to the articles the next refresh brings: both lists and the counts leave hidden ones out")
    func ruleOnRefresh() async throws {
        let fetcher = FakeFetcher()
        let (store, _) = try await Self.following([("1", "first")], fetcher: fetcher)
        store.dispatch(AddRule(ArticleRule(name: "ads", filter: try ArticleFilter("title contains ad"), action: .hide)))
        store.dispatch(AddRule(ArticleRule(name: "old", filter: try ArticleFilter("title contains old"), action: .read)))
        store.dispatch(FilterList(list: .second, filter: ListFilter(marks: .unread)))
        fetcher.set(Self.feed, .success(F.rss([("1", "first"), ("2", "an ad"), ("3", "old story"), ("4", "news")])))
        store.dispatch(Refresh())
        await store.idle()
        #expect(Set(store.state.lists.first.rows.map(\.title)) == ["first", "old story", "news"])
        #expect(Set(store.state.lists.second.rows.map(\.title)) == ["first", "news"])
        #expect(store.state.counts.total == 3)
        #expect(store.state.counts.unread == 2)
        let source = try #require(store.state.sources.all.first?.id)
        #expect(store.state.notices.items.last?.event == .newArticles(source: source, count: 2))
        #expect(try await store.articleCount(ArticleQuery()) == 3)
    }

    @Test("rules and queries are stored: a new store on the same file reads them back")
    func stored() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let rule = ArticleRule(name: "ads", filter: try ArticleFilter("title contains ad"), action: .delete, scope: .tag("x"))
        let query = SavedQuery(name: "swift", filter: try ArticleFilter("unread and title contains swift"))
        do {
            let store = try await F.store(database: FeedDatabase(location: .file(path: path)))
            store.dispatch(AddRule(rule))
            store.dispatch(AddRule(ArticleRule(name: "gone", filter: try ArticleFilter("starred"), action: .read)))
            store.dispatch(RemoveRule(name: "GONE"))
            store.dispatch(SaveQuery(query))
            await store.idle()
        }
        let reopened = try await F.store(database: FeedDatabase(location: .file(path: path)))
        #expect(reopened.state.rules.rules == [rule])
        #expect(reopened.state.rules.queries == [query])
        reopened.dispatch(RemoveRule(name: "nothing", date: F.date))
        await reopened.idle()
        #expect(reopened.state.notices.items.last?.event == .problem(.unknownRule("nothing")))
    }

    @Test("rule apply changes the stored articles, posts what it did, and the counts and lists follow")
    func applyOnDemand() async throws {
        let (store, source) = try await Self.following([("1", "an ad"), ("2", "news"), ("3", "ad again")])
        store.dispatch(AddRule(ArticleRule(name: "ads", filter: try ArticleFilter("title contains ad"), action: .read)))
        store.dispatch(ApplyRule(name: "Ads", date: F.date))
        await store.idle()
        #expect(store.state.notices.items.last?.event == .ruleApplied(name: "ads", action: .read, articles: 2))
        #expect(store.state.counts.unread == 1)
        #expect(store.state.counts.unread(in: source) == 1)
        #expect(store.state.lists.first.rows.filter { !$0.isRead }.map(\.title) == ["news"])
    }

    @Test("a saved query is a list either news list shows, evaluated in SQL, and the query API reads it too")
    func savedQueryInBothLists() async throws {
        let (store, _) = try await Self.following([("1", "Swift 6"), ("2", "Rust"), ("3", "swift tips")])
        let query = SavedQuery(name: "swift", filter: try ArticleFilter("title contains swift"))
        store.dispatch(SaveQuery(query))
        store.dispatch(FilterList(list: .first, filter: ListFilter(query: query)))
        store.dispatch(FilterList(list: .second, filter: ListFilter(marks: .unread, query: query)))
        await store.idle()
        #expect(Set(store.state.lists.first.rows.map(\.title)) == ["Swift 6", "swift tips"])
        #expect(store.state.lists.first.totalCount == 2)
        #expect(store.state.lists.second.rows.map(\.id) == store.state.lists.first.rows.map(\.id))
        // Saving it again with another filter: the lists showing it follow.
        store.dispatch(SaveQuery(SavedQuery(name: "Swift", filter: try ArticleFilter("title contains rust"))))
        await store.idle()
        #expect(store.state.lists.first.rows.map(\.title) == ["Rust"])
        #expect(store.state.lists.second.rows.map(\.title) == ["Rust"])
        let saved = try #require(store.state.rules.queries.first)
        #expect(try await store.articleCount(ArticleQuery(ListFilter(query: saved))) == 1)
    }

    @Test("OPML: saved queries go in the head in their own namespace, other readers see only feeds, and an import reads them back")
    func opmlRoundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("queries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, _) = try await Self.following([("1", "one")])
        let queries = [
            SavedQuery(name: "quotes", filter: try ArticleFilter("title ~ \"^\\\"a & b\\\"<\" or tag = 'x y'")),
            SavedQuery(name: "unread-swift", filter: try ArticleFilter("unread and title contains swift")),
        ]
        for query in queries { store.dispatch(SaveQuery(query)) }
        let file = folder.appendingPathComponent("out.opml")
        store.dispatch(ExportOPML(file: file))
        await store.idle()

        let document = try OPMLReader().read(Data(contentsOf: file))
        #expect(document.outlines.count == 1)
        #expect(document.subscriptions.map(\.xmlURL) == [Self.feed.absoluteString])
        #expect(document.extensions.map(\.namespace) == ["urn:x-rssreeder:opml", "urn:x-rssreeder:opml"])

        let copy = try await F.store()
        copy.dispatch(SaveQuery(SavedQuery(name: "unread-swift", filter: try ArticleFilter("starred"))))
        copy.dispatch(ImportOPML(file: file, date: F.date))
        await copy.idle()
        // A name in use keeps its query; the other comes in as written.
        #expect(copy.state.rules.queries.map(\.filter.text) == [queries[0].filter.text, "starred"])
    }
}
