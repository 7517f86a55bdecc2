import Foundation
import LoopbackServers
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The schedule against a real HTTP server on 127.0.0.1: `Cache-Control` and `Expires` lengthen the interval,
/// a permanent redirect (301, 308) moves the source once two fetches in a row saw it, 410 disables it, and
/// failures back off until a success.
@Suite("Schedules over loopback HTTP", .timeLimit(.minutes(5)))
struct ScheduleOverHTTPTests {
    typealias F = ScheduleFixtures

    static let feedBody = Data(
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title>
        <item><guid>1</guid><title>One</title></item></channel></rss>
        """.utf8)

    /// A store on an in-memory database fetching over HTTP with the `now` it is given, and the server.
    private func withStore(
        now: Locked<Date> = Locked(F.start),
        route: @escaping @Sendable (LoopbackFeedServer.Request) -> LoopbackFeedServer.Response,
        _ body: (Store<RssState>, LoopbackFeedServer) async throws -> Void
    ) async throws {
        let server = try LoopbackFeedServer(route: route)
        let clock: @Sendable () -> Date = { now.withLock { $0 } }
        let http = HTTPFeedFetcher(configuration: HTTPFetchConfiguration(), now: clock)
        let store = RssStore.make(
            database: try FeedDatabase(location: .inMemory), fetcher: CompositeFetcher(http: http),
            clock: ContinuousClock(), now: clock, refreshesPeriodically: false, jitter: .seeded(3))
        await store.idle()
        do {
            try await body(store, server)
        } catch {
            await http.shutdown()
            throw error
        }
        await http.shutdown()
    }

    /// Adds the source at `path` and waits for its first fetch; its id.
    private func add(_ path: String, to store: Store<RssState>, on server: LoopbackFeedServer) async throws -> UUID {
        let id = UUID()
        store.dispatch(AddSource(url: try #require(URL(string: server.url(path))), id: id, date: F.start))
        await store.idle()
        return id
    }

    private func refresh(_ id: UUID, _ store: Store<RssState>) async {
        store.dispatch(Refresh(sourceIDs: [id]))
        await store.idle()
    }

    @Test("max-age lengthens the interval; a 304's Expires, from its Date, replaces it; a bare 304 keeps it")
    func cacheControlAndExpires() async throws {
        let answers = Locked(0)
        try await withStore(route: { request in
            let answer = answers.withLock { count in
                count += 1
                return count
            }
            if request.headers["if-none-match"] == "\"v1\"" {
                let headers = answer == 2
                    ? ["ETag": "\"v1\"", "Date": "Sun, 15 Jun 2025 16:00:00 GMT", "Expires": "Sun, 15 Jun 2025 19:00:00 GMT"]
                    : ["ETag": "\"v1\""]
                return .init(status: 304, headers: headers)
            }
            return .init(
                status: 200, headers: ["ETag": "\"v1\"", "Cache-Control": "public, max-age=7200"], body: Self.feedBody)
        }) { store, server in
            let id = try await add("feed.xml", to: store, on: server)
            var source = try #require(store.state.sources[id])
            #expect(source.status.hints.serverFreshness == 7_200)
            var schedule = store.state.fetchSchedule(of: source)
            #expect(schedule.interval == 7_200 && schedule.intervalReason == .server)
            await refresh(id, store)
            source = try #require(store.state.sources[id])
            #expect(source.status.hints.serverFreshness == 10_800)
            await refresh(id, store)
            source = try #require(store.state.sources[id])
            #expect(source.status.hints.serverFreshness == 10_800)
            schedule = store.state.fetchSchedule(of: source)
            #expect(schedule.interval == 10_800 && schedule.reason == .server)
            #expect(server.seen.count == 3)
        }
    }

    @Test("no-cache asks nothing: the user's interval stays")
    func noCache() async throws {
        try await withStore(route: { _ in
            .init(status: 200, headers: ["Cache-Control": "no-cache, max-age=86400"], body: Self.feedBody)
        }) { store, server in
            let id = try await add("feed.xml", to: store, on: server)
            let source = try #require(store.state.sources[id])
            #expect(source.status.hints.serverFreshness == nil)
            #expect(store.state.fetchSchedule(of: source).intervalReason == .refreshInterval)
        }
    }

    @Test("a permanent redirect moves the source when the second fetch in a row sees it, with a notice", arguments: [301, 308])
    func permanentRedirectTwice(status: Int) async throws {
        try await withStore(route: { request in
            request.path == "/old.xml"
                ? .init(status: status, headers: ["Location": "/new.xml"])
                : .init(status: 200, body: Self.feedBody)
        }) { store, server in
            let id = try await add("old.xml", to: store, on: server)
            let old = server.url("old.xml"), new = server.url("new.xml")
            var source = try #require(store.state.sources[id])
            #expect(source.url.absoluteString == old, "one fetch is not enough")
            #expect(source.status.pendingMove?.absoluteString == new)
            #expect(!store.state.notices.items.contains { if case .moved = $0.event { true } else { false } })

            await refresh(id, store)
            source = try #require(store.state.sources[id])
            #expect(source.url.absoluteString == new)
            #expect(source.status.pendingMove == nil)
            let moved = Notice.Event.moved(source: id, from: URL(string: old)!, to: URL(string: new)!)
            #expect(store.state.notices.items.map(\.event).contains(moved))

            await refresh(id, store)
            #expect(server.seen.map(\.path) == ["/old.xml", "/new.xml", "/old.xml", "/new.xml", "/new.xml"])
        }
    }

    @Test("a redirect seen once and then not is forgotten; the address stays")
    func redirectSeenOnce() async throws {
        let redirects = Locked(true)
        try await withStore(route: { request in
            if request.path == "/feed.xml", redirects.withLock({ first in defer { first = false }; return first }) {
                return .init(status: 301, headers: ["Location": "/elsewhere.xml"])
            }
            return .init(status: 200, body: Self.feedBody)
        }) { store, server in
            let id = try await add("feed.xml", to: store, on: server)
            #expect(store.state.sources[id]?.status.pendingMove != nil)
            await refresh(id, store)
            await refresh(id, store)
            #expect(store.state.sources[id]?.url.absoluteString == server.url("feed.xml"))
            #expect(store.state.sources[id]?.status.pendingMove == nil)
        }
    }

    @Test("410 Gone disables the source with a notice; enabling it starts afresh")
    func goneDisables() async throws {
        try await withStore(route: { _ in .init(status: 410) }) { store, server in
            let id = try await add("gone.xml", to: store, on: server)
            var source = try #require(store.state.sources[id])
            #expect(!source.isEnabled)
            #expect(source.status.lastError == .http(status: 410))
            #expect(store.state.notices.items.map(\.event).contains(.gone(source: id)))
            #expect(store.state.fetchSchedule(of: source).reason == .disabled)
            // A refresh of everything enabled leaves it alone.
            store.dispatch(Refresh())
            await store.idle()
            #expect(server.seen.count == 1)

            store.dispatch(SetSourceEnabled(id: id, isEnabled: true))
            await store.idle()
            source = try #require(store.state.sources[id])
            #expect(source.isEnabled && source.status.consecutiveFailures == 0 && source.status.backingOffUntil == nil)
            // The database agrees: a store reading it again sees the same.
            store.dispatch(CheckForChanges(force: true))
            await store.idle()
            #expect(store.state.sources[id]?.isEnabled == true)
            #expect(store.state.sources[id]?.status.consecutiveFailures == 0)
        }
    }

    @Test("failures back off, longer each time, until the first success resets them")
    func backOffUntilSuccess() async throws {
        let failing = Locked(2)
        let now = Locked(F.start)
        try await withStore(now: now, route: { _ in
            failing.withLock { left in
                left -= 1
                return left >= 0
            }
                ? .init(status: 503) : .init(status: 200, body: Self.feedBody)
        }) { store, server in
            let id = try await add("flaky.xml", to: store, on: server)
            var status = try #require(store.state.sources[id]?.status)
            #expect(status.consecutiveFailures == 1)
            #expect(status.backingOffUntil == F.start.addingTimeInterval(F.hour))
            let first = try #require(status.backingOffUntil)

            // A scheduled refresh before the back-off ends leaves the server alone.
            store.dispatch(Refresh(sourceIDs: [id], onlyIfDue: true))
            await store.idle()
            #expect(server.seen.count == 1)

            now.withLock { $0 = first }
            store.dispatch(Refresh(sourceIDs: [id], onlyIfDue: true))
            await store.idle()
            status = try #require(store.state.sources[id]?.status)
            #expect(status.consecutiveFailures == 2)
            let wait = try #require(status.backingOffUntil).timeIntervalSince(first)
            #expect(wait >= 1.6 * F.hour && wait <= 2 * F.hour, "\(wait)")

            now.withLock { $0 = first.addingTimeInterval(wait) }
            store.dispatch(Refresh(sourceIDs: [id], onlyIfDue: true))
            await store.idle()
            status = try #require(store.state.sources[id]?.status)
            #expect(status.consecutiveFailures == 0 && status.backingOffUntil == nil && status.lastError == nil)
            #expect(server.seen.count == 3)
        }
    }
}
