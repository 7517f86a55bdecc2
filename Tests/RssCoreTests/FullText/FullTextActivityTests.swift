import Foundation
import HTTPTypes
import Hummingbird
import ReduxVM
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Full text through the store: a full-text source's articles after a refresh, a page asked for, and what the
/// state and the notices show.
@Suite("Full text: the activities", .timeLimit(.minutes(5)))
struct FullTextActivityTests {
    typealias F = FullTextFixture

    /// A site serving a feed of `stories` (each linking to `/story/ID`) and their pages, whose story list a
    /// test grows; pages of stories in `missing` answer 404.
    final class Site: Sendable {
        let stories = Mutex<[String]>([])
        let missing = Mutex<Set<String>>([])
        let log = ServerLog()
        /// The server's port, once it listens.
        let port = Mutex(0)

        func respond(_ request: Request) -> Response {
            let port = self.port.withLock { $0 }
            log.record(request)
            let path = request.uri.path
            if path == "/feed.xml" {
                let items = stories.withLock { $0 }.map { id in
                    (id: id, link: "http://127.0.0.1:\(port)/story/\(id)", summary: F.teaser, content: String?.none)
                }
                return .ok(Array(F.feed(items).utf8))
            }
            let id = String(path.dropFirst("/story/".count))
            if missing.withLock({ $0.contains(id) }) { return Response(status: .notFound) }
            return F.html(F.page("Story \(id)", word: "word\(id)"))
        }
    }

    /// Runs `body` with a store fetching through an HTTP fetcher from a loopback server answering for `site`.
    func withStore(_ site: Site, _ body: (Store<RssState>, LoopbackServer) async throws -> Void) async throws {
        try await withServerAndFetcher(respond: { request in site.respond(request) }) { server, fetcher in
            site.port.withLock { $0 = server.port }
            let store = RssStore.make(
                database: try FeedDatabase.inMemory(), fetcher: FetchScheduler(CompositeFetcher(http: fetcher)),
                clock: ContinuousClock(), now: { F.date }, refreshesPeriodically: false)
            await store.idle()
            try await body(store, server)
        }
    }

    func article(_ stableID: String, _ store: Store<RssState>) async throws -> ArticleSnapshot {
        try #require(try await store.articles(ArticleQuery(includesBody: true)).first { $0.itemID == stableID })
    }

    @Test("a full-text source's newest articles get their pages' text when it is turned on, and new ones after each refresh")
    func fullTextSource() async throws {
        let site = Site()
        site.stories.withLock { $0 = ["1"] }
        try await withStore(site) { store, server in
            store.dispatch(AddSource(url: server.url("/feed.xml"), date: F.date))
            await store.idle()
            let source = try #require(store.state.sources.all.first)
            #expect(try await article("1", store).body?.kind == .feedSummary)

            store.dispatch(SetSourceFullText(id: source.id, on: true))
            await store.idle()
            #expect(store.state.sources[source.id]?.isFullText == true)
            #expect(try await article("1", store).body?.kind == .page)

            site.stories.withLock { $0 = ["2", "1"] }
            store.dispatch(Refresh(sourceIDs: [source.id]))
            await store.idle()
            let second = try await article("2", store)
            #expect(second.body?.kind == .page)
            #expect(second.body?.html.contains("word2") == true)
            #expect(try await store.articles(ArticleQuery(searchText: "word2")).map(\.id) == [second.id])
            // Each page once: the first one is not fetched again.
            #expect(site.log.paths.filter { $0.hasPrefix("/story/") } == ["/story/1", "/story/2"])
            // Off, a new article keeps its feed's text.
            store.dispatch(SetSourceFullText(id: source.id, on: false))
            await store.idle()
            site.stories.withLock { $0 = ["3", "2", "1"] }
            store.dispatch(Refresh(sourceIDs: [source.id]))
            await store.idle()
            #expect(try await article("3", store).body?.kind == .feedSummary)
            #expect(store.state.notices.items.allSatisfy { $0.problem == nil })
        }
    }

    @Test("a page asked for shows in the open article as soon as it is stored; the wait is over then")
    func askedForTheOpenArticle() async throws {
        let site = Site()
        site.stories.withLock { $0 = ["1"] }
        try await withStore(site) { store, server in
            store.dispatch(AddSource(url: server.url("/feed.xml"), date: F.date))
            await store.idle()
            let id = try await article("1", store).id
            store.dispatch(OpenArticle(id: id))
            await store.idle()
            #expect(store.state.article?.body.kind == .feedSummary)
            store.dispatch(FetchFullText(article: id))
            await store.idle()
            #expect(!store.state.fullText.isFetching(id))
            #expect(store.state.article?.body.kind == .page)
            #expect(store.state.article?.body.html.contains("word1") == true)
            #expect(store.state.article?.body.pageFetched == F.date)
        }
    }

    @Test("a page asked for that gives no text is a problem notice, and the article keeps its feed's text")
    func problemNotice() async throws {
        let site = Site()
        site.stories.withLock { $0 = ["1"] }
        site.missing.withLock { $0 = ["1"] }
        try await withStore(site) { store, server in
            store.dispatch(AddSource(url: server.url("/feed.xml"), date: F.date))
            await store.idle()
            let id = try await article("1", store).id
            store.dispatch(FetchFullText(article: id))
            await store.idle()
            #expect(store.state.notices.items.last?.problem == .fullText(article: id, .fetch(.http(status: 404))))
            #expect(try await article("1", store).body?.kind == .feedSummary)
            #expect(!store.state.fullText.isFetchingAny)
        }
    }
}
