import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Two stores on one database file, as two processes are: a `Retry-After` one of them recorded holds the
/// other back, though the other's state was read before it.
@Suite("Fetch state shared through the database", .timeLimit(.minutes(5)))
struct SharedFetchStateTests {
    typealias F = ActivityFixtures
    static let feed = URL(string: "https://busy.example/feed.xml")!

    @Test("a Retry-After recorded by one store is honoured by another that had not seen it")
    func retryAfterIsReadAtFetchTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        let later = F.date.addingTimeInterval(3_600)
        let fetcher = FakeFetcher([Self.feed: .success(F.rss([("a", "One")]))])

        let first = try await F.store(fetcher: fetcher, database: FeedDatabase(location: .file(path: path)))
        let id = UUID()
        first.dispatch(AddSource(url: Self.feed, id: id, date: F.date))
        await first.idle()
        // The second store reads the source now, fetched and with nothing holding it back.
        let second = try await F.store(fetcher: fetcher, database: FeedDatabase(location: .file(path: path)))
        #expect(second.state.sources[id]?.status.nextAttemptAfter == nil)

        // The server now asks for an hour's rest, which the first store records.
        fetcher.set(Self.feed, .failure(.http(status: 503, retryAfter: later)))
        first.dispatch(Refresh(sourceIDs: [id]))
        await first.idle()
        #expect(fetcher.seen.count == 2)

        // The second store's copy is stale; its refresh asks the database at fetch time and leaves the server alone.
        #expect(second.state.sources[id]?.status.nextAttemptAfter == nil)
        second.dispatch(Refresh(sourceIDs: [id]))
        await second.idle()
        #expect(fetcher.seen.count == 2, "the server was asked again before the time it gave")
        #expect(second.state.notices.items.contains { $0.event == Notice.Event.postponed(source: id, until: later) })
    }
}
