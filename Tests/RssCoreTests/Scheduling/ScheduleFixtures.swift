import Foundation
import ReduxVM
import ReduxVMTesting

@_spi(Benchmarks) @testable import RssCore

/// What the scheduling tests share: ids that are the same on every run, schedule inputs, a wall clock that
/// follows a manual clock, and feeds that say how often to fetch them.
enum ScheduleFixtures {
    static let start = Date(timeIntervalSince1970: 1_750_000_000)
    static let hour: TimeInterval = 3_600
    static let minimum: TimeInterval = 15 * 60

    /// `count` ids drawn from `seed`: random-looking, like real ones, and the same on every run.
    static func ids(_ count: Int, seed: UInt64) -> [UUID] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let (a, b) = (generator.next(), generator.next())
            let bytes = (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? a : b) >> (8 * UInt64($0 % 8))) }
            return UUID(uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    /// An enabled, healthy source's inputs.
    static func inputs(
        id: UUID = ids(1, seed: 1)[0], lastAttempt: Date? = start, sourceInterval: TimeInterval? = nil,
        hints: RefreshHints = RefreshHints(), failures: Int = 0, backoffUntil: Date? = nil, retryAfter: Date? = nil,
        isEnabled: Bool = true
    ) -> ScheduleInputs {
        ScheduleInputs(
            id: id, isEnabled: isEnabled, sourceInterval: sourceInterval, hints: hints, lastAttempt: lastAttempt,
            failures: failures, backoffUntil: backoffUntil, retryAfter: retryAfter)
    }

    /// An RSS feed of one item, with a `<ttl>` when given.
    static func feed(ttl: Int? = nil, item: String = "1") -> FetchResponse {
        let ttlElement = ttl.map { "<ttl>\($0)</ttl>" } ?? ""
        let xml = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Scheduled</title>\(ttlElement)
            <item><guid>\(item)</guid><title>Item \(item)</title></item></channel></rss>
            """
        return .fetched(FetchedFeed(data: Data(xml.utf8), contentType: "application/rss+xml"))
    }
}

/// A manual clock and a wall clock that follows it: dates move only when the test advances the clock.
final class SteppedClocks: Sendable {
    let manual = ManualClock()
    let start: Date

    init(start: Date = ScheduleFixtures.start) {
        self.start = start
    }

    /// The wall clock's time now.
    var date: Date { start.addingTimeInterval(manual.now.offset.seconds) }

    /// The wall clock, for a store's `now`.
    var now: @Sendable () -> Date { { [self] in date } }
}

/// A reader store on a manual clock with the timer on, its fetcher and its clocks: the timer's looks happen
/// as the test moves time, a minute at a time.
struct TimedStore {
    let store: Store<RssState>
    let fetcher: FakeFetcher
    let clocks: SteppedClocks
    /// When each fetch happened, by the wall clock.
    let fetchTimes: Locked<[Date]>

    init(
        fetcher: FakeFetcher, database: FeedDatabase? = nil, clocks: SteppedClocks = SteppedClocks(),
        jitterSeed: UInt64 = 42
    ) throws {
        let times = Locked<[Date]>([])
        let recording = RecordingFetcher(base: fetcher, now: clocks.now, times: times)
        self.store = RssStore.make(
            database: try database ?? FeedDatabase(location: .inMemory), fetcher: recording, clock: clocks.manual,
            now: clocks.now, refreshesPeriodically: true, minimumFetchInterval: ScheduleFixtures.minimum,
            jitter: .seeded(jitterSeed))
        self.fetcher = fetcher
        self.clocks = clocks
        self.fetchTimes = times
    }

    /// Adds a source now and waits until its first fetch was made and handled. The fetch starts from a side
    /// effect once the source is stored, so the store can look quiet (nothing queued, no fetch running, the
    /// timer asleep) before it starts; ``settle()`` alone returned there on a loaded machine.
    func add(_ url: URL, id: UUID) async {
        await add([(url, id)])
    }

    /// Adds sources now and waits until the first fetch of each was made and handled (see ``add(_:id:)``).
    func add(_ sources: [(url: URL, id: UUID)]) async {
        for (url, id) in sources { store.dispatch(AddSource(url: url, id: id, date: clocks.date)) }
        let deadline = ContinuousClock.now + .seconds(30)
        while sources.contains(where: { store.state.sources[$0.id]?.status.lastAttempt == nil }),
            ContinuousClock.now < deadline
        {
            await store.processed()
            try? await Task.sleep(for: .milliseconds(5))  // real time: the manual clock stands still meanwhile
        }
        await settle()
    }

    /// Waits until everything dispatched is handled, no fetch runs and the timer sleeps again.
    func settle() async {
        while true {
            await store.processed()
            let state = store.state
            if state.isStarted, !state.refresh.isRunning, clocks.manual.sleeperCount > 0 {
                await store.processed()
                if clocks.manual.sleeperCount > 0, !store.state.refresh.isRunning { return }
            }
            await Task.yield()
        }
    }

    /// Moves time on by `minutes`, a minute at a time, letting the timer look and fetch at each step.
    func advance(minutes: Int) async {
        for _ in 0..<minutes {
            await clocks.manual.advance(by: .seconds(60))
            await settle()
        }
    }
}

/// Notes the time of every fetch the wrapped fetcher makes.
struct RecordingFetcher: FeedFetcher {
    let base: any FeedFetcher
    let now: @Sendable () -> Date
    let times: Locked<[Date]>

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        times.withLock { $0.append(now()) }
        return try await base.fetch(request)
    }
}
