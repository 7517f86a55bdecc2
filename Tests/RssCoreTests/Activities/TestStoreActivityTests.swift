import Foundation
import ReduxVM
import ReduxVMTesting
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The activities driven through the exhaustive test store, with fake dependencies: a fetcher serving canned
/// feeds and a manual clock. Every state change and every action a side effect dispatches is asserted.
@Suite("Activities with the test store", .timeLimit(.minutes(5)))
struct TestStoreActivityTests {
    typealias F = ActivityFixtures
    static let feedURL = URL(string: "https://fake.example/feed.xml")!

    /// A test store with the reader's services on an in-memory database, already started.
    private func startedStore(
        fetcher: FakeFetcher, clock: ManualClock = ManualClock(), periodic: Bool = false
    ) async throws -> TestStore<RssState> {
        let store = TestStore(initialState: RssState())
        for service in RssStore.services(
            database: try FeedDatabase(location: .inMemory), fetcher: fetcher, clock: clock, now: { F.date },
            refreshesPeriodically: periodic)
        {
            service.register(on: store.store)
        }
        await store.send(Start())
        await store.receive(Started.self) {
            $0.isStarted = true
            $0.lists.first.isLoading = true
            $0.lists.first.generation = 1
            $0.lists.second.isLoading = true
            $0.lists.second.generation = 1
        }
        for list in ListID.allCases {
            await store.receive(ListLoaded.self, where: { $0.list == list }) { $0.lists[list].isLoading = false }
        }
        return store
    }

    @Test("start reads the empty database and loads both lists")
    func start() async throws {
        let store = try await startedStore(fetcher: FakeFetcher())
        await store.finish()
    }

    @Test("a whole new filter is one action and one read of the list")
    func filterListReadsOnce() async throws {
        let store = try await startedStore(fetcher: FakeFetcher())
        let source = UUID()
        let filter = ListFilter(marks: .unread, sourceID: source, searchText: "  swift ")
        await store.send(FilterList(list: .second, filter: filter)) {
            $0.lists.second.filter = ListFilter(marks: .unread, sourceID: source, searchText: "swift")
            $0.lists.second.isLoading = true
            $0.lists.second.generation = 2
            $0.lists.second.pageRequest = .first
        }
        await store.receive(ListLoaded.self) { $0.lists.second.isLoading = false }
        // Exhaustive: no second read follows, nothing else happens.
        await store.finish()
    }

    @Test("add source: stored, fetched, titled from the feed, counted, both lists reloaded")
    func addSource() async throws {
        let fetcher = FakeFetcher([Self.feedURL: .success(F.rss([("a", "First"), ("b", "Second")], title: "Fake News"))])
        let store = try await startedStore(fetcher: fetcher)
        let id = UUID()
        await store.send(AddSource(url: Self.feedURL, tags: ["t"], id: id, date: F.date)) {
            $0.sources.all = [Source(id: id, url: Self.feedURL, title: "fake.example", tags: ["t"], addedAt: F.date)]
        }
        let rows = await receiveFirstFetch(of: id, title: "Fake News", newArticles: 2, in: store)
        #expect(rows.map(\.title) == ["Second", "First"])
        #expect(fetcher.seen.map(\.url) == [Self.feedURL])
        await store.finish()
    }

    /// Receives what a new source's first fetch brings: the refresh, the fetch (`newArticles` new, the feed's
    /// `title`), both lists read again; returns the rows they show.
    private func receiveFirstFetch(
        of id: UUID, title: String, newArticles: Int, in store: TestStore<RssState>
    ) async -> [ArticleRow] {
        await store.receive(Refresh.self) {
            $0.refresh = RefreshState(isRunning: true, total: 1, pending: [id], generation: 1)
        }
        await store.receive(SourceFetched.self) {
            $0.refresh = RefreshState(
                isRunning: false, total: 1, completed: 1, newArticles: newArticles, pending: [],
                lastFinished: F.date, generation: 1)
            $0.sources.update(id) { source in
                source.title = title
                source.status = FetchStatus(lastSuccess: F.date)
            }
            $0.counts = ArticleCounts(
                total: newArticles, unread: newArticles, starred: 0, unreadBySource: [id: newArticles])
            $0.notices.post(.newArticles(source: id, count: newArticles), at: F.date)
            $0.lists.first.isLoading = true
            $0.lists.first.generation = 2
            $0.lists.second.isLoading = true
            $0.lists.second.generation = 2
        }
        var rows: [ArticleRow] = []
        for list in ListID.allCases {
            await store.receive(ListLoaded.self, where: { $0.list == list }) {
                $0.lists[list].isLoading = false
                $0.lists[list].totalCount = newArticles
                $0.lists[list].rows = store.state.lists[list].rows
                rows = $0.lists[list].rows
            }
        }
        return rows
    }

    @Test("a failed fetch is kept on the source and announced as a problem")
    func failedFetch() async throws {
        let fetcher = FakeFetcher([
            Self.feedURL: .failure(.http(status: 429))
        ])
        let store = try await startedStore(fetcher: fetcher)
        let id = UUID()
        await store.send(AddSource(url: Self.feedURL, id: id, date: F.date)) {
            $0.sources.all = [Source(id: id, url: Self.feedURL, title: "fake.example", addedAt: F.date)]
        }
        await store.receive(Refresh.self) {
            $0.refresh = RefreshState(isRunning: true, total: 1, pending: [id], generation: 1)
        }
        let error = FetchError.http(status: 429)
        await store.receive(SourceFetched.self) {
            $0.refresh = RefreshState(isRunning: false, total: 1, completed: 1, lastFinished: F.date, generation: 1)
            // The first failure backs off for the interval (an hour), with no jitter yet.
            $0.sources.update(id) {
                $0.status = FetchStatus(
                    lastError: error, lastAttempt: F.date, consecutiveFailures: 1,
                    backingOffUntil: F.date.addingTimeInterval(3_600))
            }
            $0.notices.post(.fetch(source: id, error), at: F.date)
            $0.lists.first.isLoading = true
            $0.lists.first.generation = 2
            $0.lists.second.isLoading = true
            $0.lists.second.generation = 2
        }
        for list in ListID.allCases {
            await store.receive(ListLoaded.self, where: { $0.list == list }) { $0.lists[list].isLoading = false }
        }
        await store.finish()
    }

    @Test("the refresh timer looks at start, then when it said it would, on the injected clock; no interval stops it")
    func timer() async throws {
        let clock = ManualClock()
        let store = try await startedStore(fetcher: FakeFetcher(), clock: clock, periodic: true)
        await store.receive(Refresh.self) {  // the first look, at start: no source, so the longest wait
            $0.refresh.timerSince = F.date
            $0.refresh.lastTimedCheck = F.date
            $0.refresh.nextTimedCheck = F.date.addingTimeInterval(TimedRefreshPlan.longestWait)
        }
        while clock.sleeperCount == 0 { await Task.yield() }
        await clock.advance(by: .seconds(TimedRefreshPlan.longestWait))
        await store.receive(Refresh.self)  // the wall clock of this test stands still: nothing new
        await store.send(ChangeSetting(.refreshInterval(nil), date: F.date)) { $0.settings.refreshInterval = nil }
        await store.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test("a refresh can be cancelled while fetching; nothing is written afterwards")
    func cancelRefresh() async throws {
        let fetcher = SuspendingFetcher()
        let id = UUID()
        var state = RssState()
        state.sources.all = [Source(id: id, url: Self.feedURL, title: "Slow", addedAt: F.date)]
        let store = TestStore(initialState: state)
        let database = try FeedDatabase(location: .inMemory)
        for service in RssStore.services(
            database: database, fetcher: fetcher, clock: ManualClock(), now: { F.date }, refreshesPeriodically: false)
        {
            service.register(on: store.store)
        }
        try database.saveSource(StoredSource(id: id, url: Self.feedURL.absoluteString, title: "Slow", addedAt: F.date))
        await store.send(Refresh(sourceIDs: [id])) { $0.refresh = RefreshState(isRunning: true, total: 1, pending: [id], generation: 1) }
        await fetcher.started.wait()
        await store.send(CancelRefresh()) { $0.refresh = RefreshState(total: 1, generation: 1) }
        await store.finish()
        #expect(try database.source(id: id)?.fetchStatus.lastSuccessAt == nil)
        #expect(try database.articleCounts().total == 0)
    }

    @Test("discovery of an address that is a feed: found, followed by itself, fetched once (the add takes the body)")
    func discoverFeedAddress() async throws {
        let fetcher = FakeFetcher([Self.feedURL: .success(F.rss([("a", "First")], title: "Fake News"))])
        let store = try await startedStore(fetcher: fetcher)
        let id = UUID()
        await store.send(DiscoverFeeds(url: Self.feedURL, tags: ["t"], id: id, date: F.date)) {
            $0.discoveries = [FeedDiscovery(id: id, page: Self.feedURL, tags: ["t"], choice: .ask, phase: .searching)]
        }
        let feed = DiscoveredFeed(url: Self.feedURL, title: nil, format: .rss, origin: .address)
        await store.receive(FeedsDiscovered.self) { $0.discoveries[0].phase = .found([feed]) }
        await store.receive(AddSource.self) {
            $0.sources.all = [Source(id: id, url: Self.feedURL, title: "fake.example", tags: ["t"], addedAt: F.date)]
        }
        #expect(await receiveFirstFetch(of: id, title: "Fake News", newArticles: 1, in: store).map(\.title) == ["First"])
        #expect(fetcher.seen.map(\.url) == [Self.feedURL])
        await store.finish()
    }
}

/// A fetcher that waits until its task is cancelled, to test cancellation mid-fetch.
final class SuspendingFetcher: FeedFetcher {
    let started = Signal()

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        started.fire()
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(5))
        }
        throw .cancelled
    }
}

/// A one-shot signal a test can wait for.
final class Signal: Sendable {
    private let fired = Locked(false)

    func fire() { fired.withLock { $0 = true } }

    func wait() async {
        while !fired.withLock({ $0 }) { await Task.yield() }
    }
}
