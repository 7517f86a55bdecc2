import Foundation
import ReduxVM
import ReduxVMTesting
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The reader's timer on a manual clock: each source fetched at its own slot once per interval, sources
/// fetched together spread out, the feed's ttl lengthening the interval, back-off with seeded jitter, and a
/// refresh someone asks for always fetching.
@Suite("Timed refresh on a manual clock", .timeLimit(.minutes(5)))
struct TimedRefreshTests {
    typealias F = ScheduleFixtures
    static let url = URL(string: "https://timed.example/feed.xml")!

    @Test("a source is fetched at its slot, once an interval; a refresh asked for fetches at once")
    func onceAnIntervalAtItsSlot() async throws {
        let id = F.ids(1, seed: 3)[0]
        let timed = try TimedStore(fetcher: FakeFetcher([Self.url: .success(F.feed())]))
        await timed.settle()
        await timed.add(Self.url, id: id)
        let added = timed.clocks.date
        #expect(timed.fetchTimes.withLock { $0 } == [added], "fetched once, at once")

        await timed.advance(minutes: 4 * 60)
        let slot = SchedulePolicy.slot(
            after: added.addingTimeInterval(0.9 * F.hour), period: F.hour, phase: SchedulePolicy.phase(of: id))
        let slots = (0..<4).map { slot.addingTimeInterval(Double($0) * F.hour) }.filter { $0 <= timed.clocks.date }
        let timedFetches = Array(timed.fetchTimes.withLock { $0 }.dropFirst())
        #expect(timedFetches.count == slots.count && slots.count >= 3, "\(timedFetches) \(slots)")
        for (fetched, slot) in zip(timedFetches, slots) {
            #expect(fetched >= slot && fetched < slot.addingTimeInterval(60), "at the first minute of its slot")
        }

        let before = timed.fetchTimes.withLock { $0.count }
        timed.store.dispatch(Refresh(sourceIDs: [id]))
        await timed.settle()
        #expect(timed.fetchTimes.withLock { $0.count } == before + 1)
        let schedule = timed.store.state.fetchSchedule(of: try #require(timed.store.state.sources[id]))
        #expect(schedule.interval == F.hour && schedule.reason == .refreshInterval)
        #expect(schedule.due! >= timed.clocks.date.addingTimeInterval(0.9 * F.hour))
    }

    @Test("sixty sources fetched together are fetched again spread over the next hour, each once")
    func sourcesFetchedTogetherAreSpread() async throws {
        let ids = F.ids(60, seed: 21)
        let urls = ids.indices.map { URL(string: "https://spread.example/\($0).xml")! }
        let fetcher = FakeFetcher(Dictionary(uniqueKeysWithValues: urls.map { ($0, .success(F.feed())) }))
        let timed = try TimedStore(fetcher: fetcher)
        await timed.settle()
        await timed.add(zip(urls, ids).map { (url: $0, id: $1) })
        let added = timed.clocks.date
        #expect(timed.fetchTimes.withLock { $0.count } == 60)

        await timed.advance(minutes: 2 * 60)
        let later = timed.fetchTimes.withLock { $0 }.dropFirst(60)
        // The hour after 0.9 hours: each source once, in six ten-minute windows of about ten.
        let start = added.addingTimeInterval(0.9 * F.hour)
        #expect(later.filter { $0 < start }.isEmpty)
        var windows = [Int](repeating: 0, count: 6)
        for time in later where time < start.addingTimeInterval(F.hour) {
            windows[Int(time.timeIntervalSince(start) / 600)] += 1
        }
        #expect(windows.reduce(0, +) == 60, "\(windows)")
        #expect(windows.allSatisfy { $0 <= 20 }, "no burst: \(windows)")
        let perMinute = Dictionary(grouping: later, by: { Int($0.timeIntervalSince(added) / 60) }).values.map(\.count)
        #expect(perMinute.max()! <= 5, "at most a few in any one minute")
    }

    @Test("the feed's ttl lengthens the interval; the table says why")
    func ttlLengthensTheInterval() async throws {
        let id = F.ids(1, seed: 8)[0]
        let timed = try TimedStore(fetcher: FakeFetcher([Self.url: .success(F.feed(ttl: 180))]))
        await timed.settle()
        await timed.add(Self.url, id: id)
        let source = try #require(timed.store.state.sources[id])
        #expect(source.status.hints.ttl == 10_800)
        let schedule = timed.store.state.fetchSchedule(of: source)
        #expect(schedule.interval == 10_800 && schedule.intervalReason == .ttl && schedule.reason == .ttl)
        await timed.advance(minutes: 150)
        #expect(timed.fetchTimes.withLock { $0.count } == 1, "not within 0.9 of three hours")
    }

    @Test("a failing source backs off with the seeded jitter, doubling from the interval; a success resets it")
    func backOffAndReset() async throws {
        let id = F.ids(1, seed: 4)[0]
        let fetcher = FakeFetcher([Self.url: .failure(.http(status: 503))])
        let timed = try TimedStore(fetcher: fetcher, jitterSeed: 7)
        let jitter = JitterSource.seeded(7)  // the same numbers the store draws, one per failure
        await timed.settle()
        await timed.add(Self.url, id: id)

        var lastFailure = timed.clocks.date
        for failures in 1...3 {
            let status = try #require(timed.store.state.sources[id]?.status)
            #expect(status.consecutiveFailures == failures)
            let wait = Backoff.delay(failures: failures, interval: F.hour, random: jitter.next())
            #expect(status.backingOffUntil == lastFailure.addingTimeInterval(wait))
            #expect(wait >= F.hour && wait <= F.hour * pow(2, Double(failures - 1)))
            let schedule = timed.store.state.fetchSchedule(of: try #require(timed.store.state.sources[id]))
            #expect(schedule.reason == .backingOff && schedule.due == status.backingOffUntil)
            if failures == 3 { fetcher.set(Self.url, .success(F.feed())) }
            // Nothing before the back-off ends; the timer fetches in the minute it ends.
            let count = timed.fetchTimes.withLock { $0.count }
            await timed.advance(minutes: Int((wait / 60).rounded(.up)) - 1)
            #expect(timed.fetchTimes.withLock { $0.count } == count)
            await timed.advance(minutes: 1)
            #expect(timed.fetchTimes.withLock { $0.count } == count + 1)
            lastFailure = try #require(timed.fetchTimes.withLock { $0.last })
        }
        let status = try #require(timed.store.state.sources[id]?.status)
        #expect(status.consecutiveFailures == 0 && status.backingOffUntil == nil && status.lastError == nil)
        let schedule = timed.store.state.fetchSchedule(of: try #require(timed.store.state.sources[id]))
        #expect(schedule.reason == .refreshInterval)
    }

    @Test("a Retry-After longer than the back-off wins; a refresh asked for waits for it too, but not for back-off")
    func retryAfterWins() async throws {
        let id = F.ids(1, seed: 9)[0]
        let clocks = SteppedClocks()
        let tenHours = clocks.date.addingTimeInterval(10 * F.hour)
        let fetcher = FakeFetcher([Self.url: .failure(.http(status: 429, retryAfter: tenHours))])
        let timed = try TimedStore(fetcher: fetcher, clocks: clocks)
        await timed.settle()
        await timed.add(Self.url, id: id)
        let schedule = timed.store.state.fetchSchedule(of: try #require(timed.store.state.sources[id]))
        #expect(schedule.reason == .retryAfter && schedule.due == tenHours)
        timed.store.dispatch(Refresh(sourceIDs: [id]))
        await timed.settle()
        #expect(timed.fetchTimes.withLock { $0.count } == 1, "Retry-After holds every refresh")

        fetcher.set(Self.url, .failure(.http(status: 503)))
        await timed.advance(minutes: 10 * 60)
        #expect(timed.fetchTimes.withLock { $0.count } == 2, "fetched when the server said")
        // Backing off now, but a refresh asked for fetches.
        #expect(timed.store.state.sources[id]?.status.backingOffUntil != nil)
        timed.store.dispatch(Refresh(sourceIDs: [id]))
        await timed.settle()
        #expect(timed.fetchTimes.withLock { $0.count } == 3)
        #expect(timed.store.state.sources[id]?.status.consecutiveFailures == 3)
    }
}
