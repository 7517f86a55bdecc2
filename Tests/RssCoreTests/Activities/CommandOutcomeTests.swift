import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Commands dispatched with a ticket tell their front what became of them, without the notice log: a source added
/// (or why not), a search that follows nothing, marks stored, a setting refused, a rule unknown, an article shown,
/// pages fetched.
@Suite("Command outcomes")
struct CommandOutcomeTests {
    typealias F = ActivityFixtures

    static let feed = URL(string: "https://fake.example/feed.xml")!
    static let page = URL(string: "https://fake.example/")!

    func store() async throws -> (Store<RssState>, FakeFetcher) {
        let fetcher = FakeFetcher([Self.feed: .success(F.rss([(id: "1", title: "One"), (id: "2", title: "Two")]))])
        return (try await F.store(fetcher: fetcher), fetcher)
    }

    @Test("a source added is stored under the outcome's id; an address followed already is the problem")
    func addSource() async throws {
        let (store, _) = try await store()
        let ticket = CommandTicket()
        guard case .sourceAdded(let id) = await store.outcome(of: ticket, dispatching: AddSource(url: Self.feed, ticket: ticket))
        else { Issue.record("not added"); return }
        #expect(store.state.sources[id]?.url == Self.feed)
        let again = CommandTicket()
        let twice = await store.outcome(of: again, dispatching: AddSource(url: Self.feed, ticket: again))
        #expect(twice == .failed(.alreadyFollowing(Self.feed, source: id)))
        let refused = CommandTicket()
        let file = await store.outcome(
            of: refused, dispatching: AddSource(url: URL(string: "file:///etc/passwd")!, policy: .publicWeb(), ticket: refused))
        #expect(file == .failed(.badAddress("file:///etc/passwd", .schemeNotAllowed("file"))))
        await store.idle()
    }

    @Test("a search ends with the source it follows, with nothing followed, or with why it found none")
    func discovery() async throws {
        let (store, fetcher) = try await store()
        fetcher.set(Self.page, .success(.fetched(FetchedFeed(
            data: Data(#"<html><head><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head></html>"#.utf8),
            contentType: "text/html"))))
        let find = CommandTicket()
        #expect(await store.outcome(of: find, dispatching: DiscoverFeeds(url: Self.page, choice: .findOnly, ticket: find)) == .done)
        #expect(store.state.discovery?.feeds.map(\.url) == [Self.feed])
        let follow = CommandTicket()
        let followed = await store.outcome(of: follow, dispatching: DiscoverFeeds(url: Self.page, choice: .firstFound, ticket: follow))
        guard case .sourceAdded(let id) = followed else { Issue.record("\(followed)"); return }
        #expect(store.state.sources[id]?.url == Self.feed)
        let missing = URL(string: "https://nothing.example/")!
        let none = CommandTicket()
        let failed = await store.outcome(of: none, dispatching: DiscoverFeeds(url: missing, choice: .firstFound, ticket: none))
        #expect(failed == .failed(.noFeed(page: missing.absoluteString, .http(status: 404))), "\(failed)")
        await store.idle()
    }

    @Test("marks are done once stored; a setting out of range and an unknown rule are their problems")
    func marksSettingsRules() async throws {
        let (store, _) = try await store()
        store.dispatch(AddSource(url: Self.feed))
        await store.idle()
        let articles = try await store.articles(ArticleQuery())
        let read = CommandTicket()
        #expect(await store.outcome(of: read, dispatching: SetRead(ids: articles.map(\.id), isRead: true, ticket: read)) == .done)
        #expect(try await store.articleCount(ArticleQuery(isRead: false)) == 0)
        let star = CommandTicket()
        #expect(await store.outcome(of: star, dispatching: SetStarred(id: articles[0].id, isStarred: true, ticket: star)) == .done)
        let setting = CommandTicket()
        let tooLarge = await store.outcome(of: setting, dispatching: ChangeSetting(.pageSize(0), ticket: setting))
        #expect(tooLarge.problem.map { if case .settingOutOfRange = $0 { true } else { false } } == true, "\(tooLarge)")
        let kept = CommandTicket()
        #expect(await store.outcome(of: kept, dispatching: ChangeSetting(.pageSize(30), ticket: kept)) == .done)
        let rule = CommandTicket()
        #expect(await store.outcome(of: rule, dispatching: ApplyRule(name: "nope", ticket: rule)) == .failed(.unknownRule("nope")))
        let open = CommandTicket()
        #expect(await store.outcome(of: open, dispatching: OpenArticle(id: articles[1].id, ticket: open)) == .done)
        #expect(store.state.article?.id == articles[1].id)
        await store.idle()
    }

    @Test("a full-text fetch of several articles reports how many gave a text and every problem")
    func fullText() async throws {
        let (store, _) = try await store()
        store.dispatch(AddSource(url: Self.feed))
        await store.idle()
        let articles = try await store.articles(ArticleQuery())
        // Their pages are not there: every article's problem comes back, not only the notices' latest.
        let ticket = CommandTicket()
        let outcome = await store.outcome(
            of: ticket, dispatching: FetchFullText(article: articles[0].id, ticket: ticket))
        guard case .fullText(let stored, let problems) = outcome else { Issue.record("\(outcome)"); return }
        #expect(stored == 0 && problems.count == 1)
        await store.idle()
    }
}
