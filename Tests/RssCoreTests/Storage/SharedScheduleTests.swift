import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Two stores on one database file, as two processes are: a fetch decision is read from the database when
/// the fetch starts, so what one store did (a fetch, a failure and its back-off) holds the other back although
/// its state had not seen it.
@Suite("Schedules shared through the database", .timeLimit(.minutes(5)))
struct SharedScheduleTests {
    typealias F = ActivityFixtures
    static let feed = URL(string: "https://shared.example/feed.xml")!

    /// Two stores on a new file, each with its own fake clock (`now`), and a source both know, fetched once.
    private func twoStores(
        fetcher: FakeFetcher, now: Locked<Date>, id: UUID = UUID()
    ) async throws -> (first: Store<RssState>, second: Store<RssState>, id: UUID, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schedule-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("db.sqlite").path
        func make() throws -> Store<RssState> {
            RssStore.make(
                database: try FeedDatabase(location: .file(path: path)), fetcher: fetcher, clock: ContinuousClock(),
                now: { now.withLock { $0 } }, refreshesPeriodically: false, jitter: .seeded(1))
        }
        let first = try make()
        await first.idle()
        first.dispatch(AddSource(url: Self.feed, id: id, date: now.withLock { $0 }))
        await first.idle()
        let second = try make()
        await second.idle()
        return (first, second, id, folder)
    }

    @Test("a fetch by one store makes the source not due for the other's scheduled refresh and timer")
    func aFetchElsewhereIsSeen() async throws {
        let now = Locked(F.date)
        let fetcher = FakeFetcher([Self.feed: .success(ScheduleFixtures.feed())])
        let (first, second, id, folder) = try await twoStores(fetcher: fetcher, now: now)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(fetcher.seen.count == 1)

        // Two hours on, the first store fetches again; the second store's copy still says two hours ago.
        now.withLock { $0 = F.date.addingTimeInterval(7_200) }
        first.dispatch(Refresh(sourceIDs: [id]))
        await first.idle()
        #expect(fetcher.seen.count == 2)
        let stale = try #require(second.state.sources[id])
        #expect(stale.status.lastAttempt == F.date)
        #expect(second.state.fetchSchedule(of: stale).due! < now.withLock { $0 }, "the stale copy says due")

        // A scheduled refresh of the second store asks the database when its fetch starts, and leaves it.
        let recorder = FetchReportRecorder()
        second.subscribe(recorder)
        second.dispatch(Refresh(sourceIDs: [id], onlyIfDue: true))
        await second.idle()
        #expect(fetcher.seen.count == 2, "fetched again although another store just had")
        let until = F.date.addingTimeInterval(7_200 + 0.9 * 3_600)
        #expect(recorder.reports.withLock { $0 }.map(\.result) == [.notDue(until: until)])
        // The state now holds what the database said, so the timer's look does not take it either.
        #expect(second.state.sources[id]?.status.lastAttempt == F.date.addingTimeInterval(7_200))
        second.dispatch(Refresh.due(at: now.withLock { $0 }, minimumInterval: 900))
        await second.idle()
        #expect(fetcher.seen.count == 2)
        withExtendedLifetime(recorder) {}
    }

    @Test("a back-off recorded by one store holds the other's timer; a refresh asked for still fetches")
    func aBackOffElsewhereIsHonoured() async throws {
        let now = Locked(F.date)
        let fetcher = FakeFetcher([Self.feed: .success(ScheduleFixtures.feed())])
        let id = ScheduleFixtures.ids(1, seed: 12)[0]
        let (first, second, _, folder) = try await twoStores(fetcher: fetcher, now: now, id: id)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The second store's timer will take the source at its slot, a little under an hour from now.
        let slot = SchedulePolicy.slot(
            after: F.date.addingTimeInterval(0.9 * 3_600), period: 3_600, phase: SchedulePolicy.phase(of: id))
        let recorder = FetchReportRecorder()
        second.subscribe(recorder)
        var tick = F.date.addingTimeInterval(60)
        func look() async {
            now.withLock { $0 = tick }
            second.dispatch(Refresh.due(at: tick, minimumInterval: 900))
            await second.idle()
        }
        while tick < slot.addingTimeInterval(-300) {
            await look()
            tick.addTimeInterval(300)
        }
        #expect(fetcher.seen.count == 1)

        // Just before the slot the server fails for the first store, which backs off for an hour.
        now.withLock { $0 = slot.addingTimeInterval(-100) }
        fetcher.set(Self.feed, .failure(.http(status: 503)))
        first.dispatch(Refresh(sourceIDs: [id]))
        await first.idle()
        let backoff = try #require(first.state.sources[id]?.status.backingOffUntil)
        #expect(backoff == slot.addingTimeInterval(3_500))

        // The second store's copy is healthy: its timer takes the source at the slot, and the fetch finds the
        // back-off in the database and leaves the server alone.
        #expect(second.state.sources[id]?.status.consecutiveFailures == 0)
        while recorder.reports.withLock({ $0.isEmpty }) && tick < slot.addingTimeInterval(600) {
            await look()
            tick.addTimeInterval(300)
        }
        #expect(fetcher.seen.count == 2)
        #expect(recorder.reports.withLock { $0 }.map(\.result) == [.backingOff(until: backoff)])
        #expect(second.state.sources[id]?.status.consecutiveFailures == 1)
        // A refresh someone asks for is not held by a back-off.
        second.dispatch(Refresh(sourceIDs: [id]))
        await second.idle()
        #expect(fetcher.seen.count == 3)
        #expect(second.state.sources[id]?.status.consecutiveFailures == 2)
        withExtendedLifetime(recorder) {}
    }
}

/// Keeps the fetch reports of a store's refreshes.
final class FetchReportRecorder: StoreSubscriber {
    typealias State = RssState
    let reports = Locked<[SourceFetchReport]>([])

    func newState(box: StateBox<RssState>) {
        if let report = box.sourceFetchReport { reports.withLock { $0.append(report) } }
    }
}
