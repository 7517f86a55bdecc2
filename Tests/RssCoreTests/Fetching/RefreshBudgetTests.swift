import Foundation
import ReduxVM
import ReduxVMTesting
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

/// A refresh holds a bounded amount of feed text at a time: bodies are parsed and stored within a budget of
/// bytes (``RefreshService/storingBudget``), and fetched bodies waiting for it keep their fetch slot.
@Suite("Refresh memory: a budget of bytes parsed and stored at once", .timeLimit(.minutes(5)))
struct RefreshBudgetTests {
    @Test func holdersTakeUnitsAndOneLargerThanTheLimitRunsAlone() async throws {
        let limiter = FetchLimiter(maximumConcurrent: 10, maximumPerHost: 1)
        try await limiter.acquire(host: nil, units: 6)
        let second = Task { try await limiter.acquire(host: nil, units: 5) }
        #expect(await eventually { limiter.waiting == 1 })
        #expect(limiter.running == 6)
        limiter.release(host: nil, units: 6)
        try await second.value
        #expect(limiter.running == 5)
        let large = Task { try await limiter.acquire(host: nil, units: 25) }
        #expect(await eventually { limiter.waiting == 1 })
        #expect(limiter.running == 5)
        limiter.release(host: nil, units: 5)
        try await large.value
        #expect(limiter.running == 25)
        limiter.release(host: nil, units: 25)
        #expect(limiter.running == 0)
    }

    /// An RSS body of about `bytes` bytes: 100 items with long descriptions, titled apart from the other feeds'
    /// items (two feeds' items with one title and one text would be one story, counted once).
    static func largeFeed(_ index: Int, bytes: Int) -> FetchResponse {
        let text = String(repeating: "word ", count: bytes / 500)
        let items = (0..<100).map {
            "<item><guid>\(index)-\($0)</guid><title>Item \(index)-\($0)</title><description>\(text)</description></item>"
        }.joined()
        let xml = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Large \(index)</title>\(items)</channel></rss>"
        return .fetched(FetchedFeed(data: Data(xml.utf8), contentType: "application/rss+xml", etag: "\"v1\""))
    }

    @Test func feedsLargerTogetherThanTheBudgetAreStoredWithinIt() async throws {
        let fetcher = FakeFetcher()
        let feedBytes = RefreshService.storingBytes * 3 / 8
        let urls = (0..<6).map { URL(string: "https://large\($0).test/feed")! }
        for (index, url) in urls.enumerated() { fetcher.set(url, .success(Self.largeFeed(index, bytes: feedBytes))) }
        let store = try await ActivityFixtures.store(fetcher: fetcher)
        let service = try #require(store.service(RefreshService.self))
        // Samples what the budget holds while the sources are fetched and stored.
        let highest = Mutex(0)
        let sampling = Task {
            while !Task.isCancelled {
                let held = service.storingBudget.running
                highest.withLock { $0 = max($0, held) }
                await Task.yield()
            }
        }
        for url in urls { store.dispatch(AddSource(url: url, date: ActivityFixtures.date)) }
        await store.idle()
        sampling.cancel()
        #expect(store.state.sources.all.count == 6)
        #expect(store.state.sources.all.allSatisfy { $0.status.lastError == nil })
        #expect(store.state.counts.total == 600)
        // Two bodies fit the budget at once, three never do.
        #expect(highest.withLock { $0 } >= feedBytes)
        #expect(highest.withLock { $0 } <= RefreshService.storingBytes)
        #expect(service.storingBudget.running == 0)
        #expect(service.fetchSlots.running == 0)
    }
}
