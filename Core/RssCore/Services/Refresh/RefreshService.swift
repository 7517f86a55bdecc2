import FeedParser
import Foundation
import ReduxVM

/// Fetches, parses and stores sources; runs the refresh timer and retention.
///
/// Its dependencies are injected: the fetcher (a file fetcher, HTTP, or a fake in tests), the clock the
/// timer sleeps on, the wall clock that dates statuses and notices, and the jitter of back-off waits.
final class RefreshService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let fetcher: any FeedFetcher
    let parser: FeedParser
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    /// Whether a timer refreshes every `refreshInterval`; batch programs turn it off.
    let refreshesPeriodically: Bool
    /// The shortest interval between scheduled fetches of a source.
    let minimumInterval: TimeInterval
    /// The largest body a feed may decompress to (the fetchers' own cap, for a gzip body they did not undo).
    let maximumBodyBytes = HTTPFetchConfiguration().maximumBytes
    /// The jitter of back-off waits.
    let jitter: JitterSource
    /// Where the feeds other libraries of the process follow too are fetched once for all (a ``LibraryPool``'s
    /// stores); nil for a store of its own.
    let hub: FeedHub?
    /// Sources between the start of their fetch and the moment their body is admitted to
    /// ``storingBudget``: the fetched bodies held while waiting are at most this many. Per host as the shared
    /// fetcher's own limits, so that it never makes a host wait for another.
    let fetchSlots: FetchLimiter
    /// Bytes of fetched bodies being parsed and merged at once: a refresh or an import of feeds of any size
    /// and number holds this much feed text (and what it parses into) at a time, not every feed's.
    let storingBudget: FetchLimiter

    /// Fetch slots in all and per host: the shared fetcher's defaults (``FetchScheduler``).
    static let fetchSlotCounts = (all: 8, perHost: 2)
    /// Bytes of feeds parsed and merged at once: many small feeds still share a transaction
    /// (``GroupCommit``), a large one is parsed and stored alone. A feed takes about eight times its size
    /// while it is parsed and merged (5,000 items in 2.5 MB: 20 MB).
    static let storingBytes = 4 << 20

    init(
        database: FeedDatabase, fetcher: any FeedFetcher, parser: FeedParser = FeedParser(),
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, refreshesPeriodically: Bool,
        minimumInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval, jitter: JitterSource = .system,
        hub: FeedHub? = nil
    ) {
        self.jitter = jitter
        self.hub = hub
        self.database = database
        self.fetcher = fetcher
        self.parser = parser
        self.clock = clock
        self.now = now
        self.refreshesPeriodically = refreshesPeriodically
        self.minimumInterval = minimumInterval
        fetchSlots = FetchLimiter(
            maximumConcurrent: Self.fetchSlotCounts.all, maximumPerHost: Self.fetchSlotCounts.perHost)
        storingBudget = FetchLimiter(maximumConcurrent: Self.storingBytes, maximumPerHost: 1)
    }

    var sideEffects: [any SideEffect<RefreshService>] {
        [RefreshSE(), CancelRefreshSE(), TimerSE(), RetentionSE()]
    }
}

/// Names the fetch task of one source, so that it can be cancelled on its own.
struct RefreshTaskID: Hashable, Sendable {
    let source: UUID
}
