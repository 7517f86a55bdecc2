import FeedParser
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Discovery against a real HTTP server on the loopback interface, through the fetcher a reader uses (the
/// scheduler's limits, the User-Agent): pages with feeds, `<base>`, the usual addresses, nothing at all.
@Suite("Feed discovery over HTTP", .timeLimit(.minutes(5)))
struct DiscoveryTests {
    typealias F = ActivityFixtures

    /// A site: `pages` by path (HTML when the body starts with `<!DOCTYPE html`, else a feed), 404 for the rest;
    /// every request is logged.
    static func site(_ pages: [String: String], delay: Duration = .zero, log: ServerLog) -> @Sendable (Request) async throws -> Response {
        { request in
            log.enter()
            defer { log.leave() }
            log.record(request)
            if delay > .zero { try await Task.sleep(for: delay) }
            guard let body = pages[request.uri.path] else { return Response(status: .notFound) }
            let type = body.lowercased().hasPrefix("<!doctype html") ? "text/html; charset=utf-8" : "application/rss+xml"
            return .ok(Array(body.utf8), [.contentType: type])
        }
    }

    static func feed(_ title: String) -> String {
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>\(title)</title>\
        <item><guid>\(title)-1</guid><title>First of \(title)</title></item></channel></rss>
        """
    }

    static let twoFeeds = """
        <!DOCTYPE html><html><head><title>Blog</title>
        <link rel="alternate" type="application/rss+xml" title="Posts" href="/posts.xml">
        <link rel="alternate" type="application/atom+xml" title="Comments" href="comments.xml">
        </head><body><p>Hello</p></body></html>
        """

    /// Runs `body` with a store whose fetcher is a scheduler over a real HTTP fetcher, against `site`.
    func withStore(
        _ respond: @escaping @Sendable (Request) async throws -> Response,
        _ body: (Store<RssState>, LoopbackServer) async throws -> Void
    ) async throws {
        try await withServerAndFetcher(respond: respond) { server, http in
            let store = try await F.store(fetcher: FetchScheduler(CompositeFetcher(http: http)))
            try await body(store, server)
        }
    }

    @Test("a page with two feeds lists both and follows nothing; add N follows feed N, filed under the tags")
    func twoFeedsThenPick() async throws {
        let log = ServerLog()
        let pages = ["/blog/": Self.twoFeeds, "/posts.xml": Self.feed("Posts"), "/blog/comments.xml": Self.feed("Comments")]
        try await withStore(Self.site(pages, log: log)) { store, server in
            store.dispatch(DiscoverFeeds(url: server.url("/blog/"), tags: ["dev"], date: F.date))
            await store.idle()
            let discovery = try #require(store.state.discovery)
            #expect(discovery.feeds == [
                DiscoveredFeed(url: server.url("/posts.xml"), title: "Posts", format: .rss, origin: .declared),
                DiscoveredFeed(url: server.url("/blog/comments.xml"), title: "Comments", format: .atom, origin: .declared),
            ])
            #expect(store.state.sources.all.isEmpty)
            #expect(log.paths == ["/blog/"])

            let id = UUID()
            store.dispatch(AddDiscoveredFeed(number: 2, id: id, date: F.date))
            await store.idle()
            let source = try #require(store.state.sources[id])
            #expect(source.url == server.url("/blog/comments.xml"))
            #expect(source.title == "Comments")
            #expect(source.tags == ["dev"])
            #expect(source.status.lastError == nil)
            #expect(store.state.counts.unread == 1)
            #expect(store.state.discovery?.feeds.count == 2)  // another can still be followed
            #expect(log.requests.allSatisfy { $0[.userAgent] == ProgramVersion.userAgent })

            store.dispatch(AddDiscoveredFeed(number: 3, date: F.date))
            await store.idle()
            #expect(store.state.notices.items.last?.event == .problem(.noDiscoveredFeed(number: 3)))
            #expect(AddDiscoveredFeed(number: 1).pick(in: store.state)?.1.title == "Posts")
        }
    }

    @Test("one declared feed is followed at once, its address resolved against the page's <base>")
    func oneFeedWithBase() async throws {
        let log = ServerLog()
        let page = """
            <!doctype html><head><base href="/static/"><link rel="alternate" type="application/rss+xml" \
            href="feeds/all.rss" title="Everything"></head>
            """
        try await withStore(Self.site(["/": page, "/static/feeds/all.rss": Self.feed("All")], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/"), id: id, date: F.date))
            await store.idle()
            let source = try #require(store.state.sources[id])
            #expect(source.url == server.url("/static/feeds/all.rss"))
            #expect(source.title == "All")
            #expect(store.state.discovery?.feeds.map(\.origin) == [.declared])
            #expect(log.paths == ["/", "/static/feeds/all.rss"])
        }
    }

    @Test("an address that is a feed is followed as it is")
    func addressIsAFeed() async throws {
        let log = ServerLog()
        try await withStore(Self.site(["/rss": Self.feed("Direct")], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/rss"), id: id, date: F.date))
            await store.idle()
            // Known for a feed by its first bytes, not parsed: the add parses it, and the title comes from there.
            #expect(store.state.discovery?.feeds == [
                DiscoveredFeed(url: server.url("/rss"), title: nil, format: .rss, origin: .address)
            ])
            #expect(store.state.sources[id]?.url == server.url("/rss"))
            #expect(store.state.sources[id]?.title == "Direct")
            #expect(store.state.counts.unread == 1)
            #expect(log.paths == ["/rss"])
        }
    }

    @Test("a feed whose first bytes say nothing is parsed to be sure, and keeps its title")
    func parsedToBeSure() async throws {
        let log = ServerLog()
        let feed = "<!--" + String(repeating: "x", count: 5_000) + "-->" + Self.feed("Commented")
        try await withStore(Self.site(["/f": feed], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/f"), id: id, date: F.date))
            await store.idle()
            #expect(store.state.discovery?.feeds.map(\.title) == ["Commented"])
            #expect(store.state.sources[id]?.title == "Commented")
            #expect(log.paths == ["/f"])
        }
    }

    @Test("a page declaring nothing: the usual addresses are tried in order, up to the first feed")
    func usualAddresses() async throws {
        let log = ServerLog()
        let bare = "<!DOCTYPE html><html><head><title>No links</title></head></html>"
        try await withStore(Self.site(["/about": bare, "/rss.xml": Self.feed("Usual")], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/about?x=1"), id: id, date: F.date))
            await store.idle()
            #expect(store.state.sources[id]?.url == server.url("/rss.xml"))
            #expect(store.state.discovery?.feeds.map(\.origin) == [.usualAddress])
            // The page, /feed (404), /rss.xml (the feed, whose body the add's fetch then takes: not asked twice).
            #expect(log.paths == ["/about", "/feed", "/rss.xml"])
            #expect(store.state.counts.unread == 1)
            #expect(log.maxInFlight == 1)
        }
    }

    @Test("a page read with no feed anywhere: a typed problem, nothing followed")
    func nothingFound() async throws {
        let log = ServerLog()
        let bare = "<!DOCTYPE html><p>Nothing here</p>"
        try await withStore(Self.site(["/": bare], log: log)) { store, server in
            store.dispatch(DiscoverFeeds(url: server.url("/"), date: F.date))
            await store.idle()
            let problem = RssProblem.noFeedFound(page: server.url("/").absoluteString)
            #expect(store.state.discovery?.phase == .failed(problem))
            #expect(store.state.notices.items.last?.event == .problem(problem))
            #expect(store.state.sources.all.isEmpty)
            #expect(log.paths == ["/"] + FeedFinder.usualPaths)
        }
    }

    @Test("an address not found, and no usual address either: followed as given, keeping the 404, asked once")
    func notFound() async throws {
        let log = ServerLog()
        try await withStore(Self.site([:], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/missing.rss"), id: id, date: F.date))
            await store.idle()
            #expect(store.state.discovery?.phase == .followedAsGiven(.http(status: 404)))
            #expect(store.state.sources[id]?.url == server.url("/missing.rss"))
            #expect(store.state.sources[id]?.status.lastError == .http(status: 404))
            #expect(log.paths == ["/missing.rss"] + FeedFinder.usualPaths)
        }
    }

    @Test("a host that refuses connections is not asked again: the address is followed as given, kept with it")
    func refused() async throws {
        let server = try await LoopbackServer.start { _ in Response(status: .ok) }
        let closed = server.url("/")
        await server.stop()
        let store = try await F.store(fetcher: RssStore.sharedFetcher)
        let id = UUID()
        store.dispatch(DiscoverFeeds(url: closed, id: id, date: F.date))
        await store.idle()
        #expect(store.state.discovery?.phase == .followedAsGiven(.connection(.refused)))
        #expect(store.state.sources[id]?.status.lastError == .connection(.refused))
    }

    @Test("told to take the first, a page with none is followed as given, keeping why it is no feed")
    func firstOrAsGiven() async throws {
        let log = ServerLog()
        try await withStore(Self.site(["/": "<!DOCTYPE html><p>hi</p>"], log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/"), choice: .first, id: id, date: F.date))
            await store.idle()
            #expect(store.state.discovery?.phase == .followedAsGiven(.parse(.htmlPage)))
            #expect(store.state.sources[id]?.status.lastError?.stage == .parse)
            #expect(store.state.notices.items.map(\.event).contains(.problem(.fetch(source: id, .parse(.htmlPage)))))
            #expect(log.paths == ["/"] + FeedFinder.usualPaths)
        }
    }

    @Test("told to take the first, a page with two feeds follows the first")
    func takesTheFirst() async throws {
        let log = ServerLog()
        let pages = ["/": Self.twoFeeds, "/posts.xml": Self.feed("Posts"), "/comments.xml": Self.feed("Comments")]
        try await withStore(Self.site(pages, log: log)) { store, server in
            let id = UUID()
            store.dispatch(DiscoverFeeds(url: server.url("/"), choice: .first, id: id, date: F.date))
            await store.idle()
            #expect(store.state.sources.all.map(\.url) == [server.url("/posts.xml")])
            #expect(store.state.sources[id] != nil)
        }
    }

    @Test("discovery shares the reader's per-host limit with refreshes of the same host")
    func sharesThePerHostLimit() async throws {
        let log = ServerLog()
        var pages = ["/page": Self.twoFeeds]
        for index in 1...4 { pages["/f\(index).xml"] = Self.feed("F\(index)") }
        try await withStore(Self.site(pages, delay: .milliseconds(200), log: log)) { store, server in
            for index in 1...4 { store.dispatch(AddSource(url: server.url("/f\(index).xml"), date: F.date)) }
            store.dispatch(DiscoverFeeds(url: server.url("/page"), date: F.date))
            await store.idle()
            #expect(store.state.discovery?.feeds.count == 2)
            #expect(log.paths.count == 5)
            #expect(log.maxInFlight == 2)
        }
    }

    @Test("a cancelled discovery reports nothing and follows nothing")
    func cancelled() async throws {
        let log = ServerLog()
        try await withStore(Self.site(["/slow": Self.feed("Slow")], delay: .seconds(5), log: log)) { store, server in
            store.dispatch(DiscoverFeeds(url: server.url("/slow"), date: F.date))
            #expect(await eventually { log.paths == ["/slow"] })
            store.dispatch(CancelDiscovery())
            await store.idle()
            #expect(store.state.discovery == nil)
            #expect(store.state.sources.all.isEmpty)
            #expect(store.state.notices.items.isEmpty)
        }
    }
}
