import ArticleExtractor
import Foundation
import HTTPTypes
import Hummingbird
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Fetching one article's page: what is sent, what is stored, and every way it can fail; against pages on a
/// loopback server, through the HTTP fetcher feeds use.
@Suite("Full text: fetching an article's page", .timeLimit(.minutes(5)))
struct FullTextFetchTests {
    typealias F = FullTextFixture

    /// Runs `body` with a server answering `respond`, a database whose source (under `policy`) holds `items`
    /// (made with the server, for their links), and a service fetching through an HTTP fetcher.
    func withSite(
        policy: AddressPolicy = .unrestricted, limits: ExtractionLimits = .default, clock: F.Clock = F.Clock(),
        items: @escaping (LoopbackServer) -> [FetchedItem],
        respond: @escaping @Sendable (Request) async throws -> Response,
        run body: (LoopbackServer, FeedDatabase, FullTextService) async throws -> Void
    ) async throws {
        try await withServerAndFetcher(respond: respond) { server, fetcher in
            let (database, _) = try F.database(items(server), policy: policy)
            let service = FullTextService(
                database: database, fetcher: fetcher, extractor: ArticleExtractor(limits: limits), now: clock.function)
            try await body(server, database, service)
        }
    }

    @Test("the page's article is stored beside the feed's text, with absolute links, and search finds its words")
    func storesTheText() async throws {
        try await withSite(items: { [F.item("a", link: $0.url("/news/a.html").absoluteString)] }) { _ in
            F.html(F.page("The committee met on a quiet Tuesday", word: "zymurgical"))
        } run: { server, database, service in
            let id = try F.article("a", in: database)
            let outcome = try await F.fetch(id, with: service)
            guard case .stored(let html, let fetched) = outcome else {
                Issue.record("not stored: \(outcome)")
                return
            }
            #expect(fetched == F.date)
            #expect(html.contains("zymurgical") && !html.contains("Home"))
            #expect(html.contains(server.url("/news/related.html").absoluteString))
            let body = try #require(try database.snapshot(id: id)?.body)
            #expect(body.kind == .page && body.html == html && body.pageFetched == F.date)
            #expect(body.feedHTML == F.teaser)
            #expect(try database.search("zymurgical", limit: 10).rows.map(\.id) == [id])
            try database.checkSearchIndex()
        }
    }

    @Test("the second fetch is conditional, and a 304 keeps the text")
    func conditionalGet() async throws {
        let log = ServerLog()
        let clock = F.Clock()
        try await withSite(clock: clock, items: { [F.item("a", link: $0.url("/a").absoluteString)] }) { request in
            log.record(request)
            if request.headers[.ifNoneMatch] == "\"v1\"" { return Response(status: .notModified) }
            return F.html(
                F.page("The committee met on a quiet Tuesday", word: "zymurgical"),
                [.eTag: "\"v1\"", .lastModified: "Mon, 02 Jun 2025 10:00:00 GMT"])
        } run: { _, database, service in
            let id = try F.article("a", in: database)
            _ = try await F.fetch(id, with: service)
            clock.advance(by: 3600)
            #expect(try await F.fetch(id, with: service) == .unchanged(fetchedAt: F.date.addingTimeInterval(3600)))
            let second = try #require(log.requests.last)
            #expect(second[.ifNoneMatch] == "\"v1\"")
            #expect(second[.ifModifiedSince] == "Mon, 02 Jun 2025 10:00:00 GMT")
            #expect(log.requests.first?[.ifNoneMatch] == nil)
            #expect(log.requests.first?[.accept]?.hasPrefix("text/html") == true)
            let body = try #require(try database.snapshot(id: id)?.body)
            #expect(body.kind == .page && body.html.contains("zymurgical"))
            #expect(body.pageFetched == F.date.addingTimeInterval(3600))
        }
    }

    @Test("a page past the size cap is refused while it streams in, and nothing is stored")
    func sizeCap() async throws {
        let padding = String(repeating: "<p>padding padding padding</p>\n", count: 4_000)
        try await withSite(
            limits: ExtractionLimits(maxInputBytes: 64 << 10), items: { [F.item("a", link: $0.url("/big").absoluteString)] }
        ) { _ in
            F.html(F.page("Big", word: "zymurgical") + padding)
        } run: { _, database, service in
            let id = try F.article("a", in: database)
            #expect(try await F.fetch(id, with: service) == .failed(.fetch(.tooLarge(limit: 64 << 10))))
            #expect(try database.snapshot(id: id)?.body?.kind == .feedSummary)
        }
    }

    @Test("a page that is not HTML is a lasting problem, not an extraction")
    func notHTML() async throws {
        try await withSite(items: { [F.item("a", link: $0.url("/paper.pdf").absoluteString)] }) { _ in
            Response(
                status: .ok, headers: [.contentType: "application/pdf"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "%PDF-1.7 …")))
        } run: { _, database, service in
            let id = try F.article("a", in: database)
            #expect(try await F.fetch(id, with: service) == .failed(.notHTML(contentType: "application/pdf")))
            let target = try #require(try database.fullTextTargets(ids: [id]).first)
            #expect(target.checkedAt == F.date && target.retryAt == nil)
            #expect(FullTextProblem.notHTML(contentType: "application/pdf").isLasting)
        }
    }

    @Test("a redirect is followed, and the page's links resolve against where it ended")
    func redirect() async throws {
        try await withSite(items: { [F.item("a", link: $0.url("/short/a").absoluteString)] }) { request in
            request.uri.path == "/short/a"
                ? .redirect(.found, to: "/2025/06/quiet-tuesday.html")
                : F.html(F.page("The committee met on a quiet Tuesday", word: "zymurgical"))
        } run: { server, database, service in
            let id = try F.article("a", in: database)
            guard case .stored(let html, _) = try await F.fetch(id, with: service) else {
                Issue.record("not stored")
                return
            }
            #expect(html.contains(server.url("/2025/06/related.html").absoluteString))
        }
    }

    @Test("a source added under the public-web policy never reaches a loopback page, nor does a request under it")
    func privateAddressRefused() async throws {
        let log = ServerLog()
        let respond: @Sendable (Request) async throws -> Response = { request in
            log.record(request)
            return F.html(F.page("The committee met on a quiet Tuesday", word: "zymurgical"))
        }
        try await withSite(policy: .publicWeb(), items: { [F.item("a", link: $0.url("/a").absoluteString)] }, respond: respond) { _, database, service in
            let id = try F.article("a", in: database)
            #expect(try await F.fetch(id, with: service) == .failed(.fetch(.addressNotAllowed(.loopback))))
            #expect(try database.snapshot(id: id)?.body?.kind == .feedSummary)
        }
        // The owner's source, but a request from a server's user: the server's policy holds too.
        try await withSite(items: { [F.item("a", link: $0.url("/a").absoluteString)] }, respond: respond) { _, database, service in
            let id = try F.article("a", in: database)
            #expect(
                try await F.fetch(id, with: service, policy: .publicWeb())
                    == .failed(.fetch(.addressNotAllowed(.loopback))))
            // Where the owner allows the network, it is reached.
            let allowed = AddressPolicy.publicWeb(allowing: [IPNetwork("127.0.0.0/8")!])
            guard case .stored = try await F.fetch(id, with: service, policy: allowed) else {
                Issue.record("not stored where the policy allows it")
                return
            }
        }
        #expect(log.paths == ["/a"])
    }

    @Test("a problem that may pass is tried again after a day, automatically; a lasting one only when asked")
    func backoff() async throws {
        let clock = F.Clock()
        let failing = ServerLog()
        try await withSite(clock: clock, items: {
            [F.item("busy", link: $0.url("/busy").absoluteString), F.item("gone", link: $0.url("/gone").absoluteString)]
        }) { request in
            failing.record(request)
            if request.uri.path == "/gone" { return Response(status: .notFound) }
            // Busy the first time only.
            return failing.paths.filter { $0 == "/busy" }.count == 1
                ? Response(status: .serviceUnavailable) : F.html(F.page("The committee met on a quiet Tuesday", word: "zymurgical"))
        } run: { _, database, service in
            let busy = try F.article("busy", in: database)
            let gone = try F.article("gone", in: database)
            #expect(try await F.fetch(busy, with: service, mode: .due) == .failed(.fetch(.http(status: 503))))
            #expect(try await F.fetch(gone, with: service, mode: .due) == .failed(.fetch(.http(status: 404))))
            #expect(try database.fullTextTargets(ids: [busy]).first?.retryAt == F.date.addingTimeInterval(24 * 3600))
            #expect(try database.dueFullTexts(sourceID: try #require(try database.loadSources().first?.id), at: F.date, limit: 10).isEmpty)

            // Within the day: left alone.
            clock.advance(by: 3600)
            #expect(try await F.fetch(busy, with: service, mode: .whereNeeded) == .notNeeded)
            #expect(failing.paths == ["/busy", "/gone"])
            // A day later: tried again, and it works; the lasting one is still left.
            clock.advance(by: 24 * 3600)
            guard case .stored = try await F.fetch(busy, with: service, mode: .whereNeeded) else {
                Issue.record("not tried again after the back-off")
                return
            }
            #expect(try await F.fetch(gone, with: service, mode: .whereNeeded) == .notNeeded)
            // Asked for, it is fetched again at once.
            #expect(try await F.fetch(gone, with: service) == .failed(.fetch(.http(status: 404))))
            #expect(failing.paths == ["/busy", "/gone", "/busy", "/gone"])
        }
    }

    @Test("the page's metadata fills only the fields the feed left empty, and a re-fetch of the feed keeps them")
    func metadataFillsEmptyFields() async throws {
        var made: [FetchedItem] = []
        try await withSite(items: { server in
            made = [
                F.item("bare", link: server.url("/bare").absoluteString, dated: false, titled: false),
                F.item("full", link: server.url("/full").absoluteString, author: "Feed Author"),
            ]
            return made
        }) { _ in
            F.html(
                F.page(
                    "The committee met on a quiet Tuesday", word: "zymurgical", author: "Ada Lovelace", published: "2025-06-01T08:00:00Z",
                    image: "/images/lead.jpg"))
        } run: { server, database, service in
            let bare = try F.article("bare", in: database)
            let full = try F.article("full", in: database)
            _ = try await F.fetch(bare, with: service)
            _ = try await F.fetch(full, with: service)
            let published = try #require(ISO8601DateFormatter().date(from: "2025-06-01T08:00:00Z"))

            let filled = try #require(try database.snapshot(id: bare))
            #expect(filled.title == "The committee met on a quiet Tuesday")
            #expect(filled.author == "Ada Lovelace")
            #expect(filled.date == published)
            #expect(filled.enclosure?.url == server.url("/images/lead.jpg"))
            #expect(filled.enclosure?.type == "image/jpeg")

            let kept = try #require(try database.snapshot(id: full))
            #expect(kept.title == "Story full" && kept.author == "Feed Author")
            #expect(kept.date == F.date.addingTimeInterval(-3600))
            #expect(kept.enclosure?.url == server.url("/images/lead.jpg"))

            // The feed, fetched again without them, neither undoes them nor counts a change.
            let source = try #require(try database.loadSources().first?.id)
            let merged = try database.mergeFetchedItems(made, sourceID: source, now: F.date.addingTimeInterval(60))
            #expect(merged?.updated == 0)
            let again = try #require(try database.snapshot(id: bare))
            #expect(again.title == "The committee met on a quiet Tuesday" && again.author == "Ada Lovelace" && again.date == published)
            // A feed that starts giving a field wins.
            var authored = made[0]
            authored.author = "Feed Author"
            try database.mergeFetchedItems([authored], sourceID: source, now: F.date.addingTimeInterval(120))
            #expect(try database.snapshot(id: bare)?.author == "Feed Author")
        }
    }

    @Test("a page is left alone when the feed carries the article whole, unless asked for")
    func feedCarriesTheWholeArticle() async throws {
        let log = ServerLog()
        try await withSite(items: {
            [F.item("whole", link: $0.url("/whole").absoluteString, content: F.words(300)),
             F.item("teaser", link: $0.url("/teaser").absoluteString, content: F.words(60) + "<p>Read more…</p>")]
        }) { request in
            log.record(request)
            return F.html(F.page("The committee met on a quiet Tuesday", word: "zymurgical"))
        } run: { _, database, service in
            let whole = try F.article("whole", in: database)
            let teaser = try F.article("teaser", in: database)
            #expect(try await F.fetch(whole, with: service, mode: .whereNeeded) == .feedIsWhole)
            guard case .stored = try await F.fetch(teaser, with: service, mode: .whereNeeded) else {
                Issue.record("the teaser's page was not fetched")
                return
            }
            #expect(log.paths == ["/teaser"])
            // Considered once: not again automatically, but asked for, it is fetched.
            #expect(try await F.fetch(whole, with: service, mode: .whereNeeded) == .notNeeded)
            guard case .stored = try await F.fetch(whole, with: service) else {
                Issue.record("the page asked for was not fetched")
                return
            }
            #expect(log.paths == ["/teaser", "/whole"])
        }
    }
}
