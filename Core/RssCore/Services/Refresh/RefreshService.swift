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

    init(
        database: FeedDatabase, fetcher: any FeedFetcher, parser: FeedParser = FeedParser(),
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, refreshesPeriodically: Bool,
        minimumInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval, jitter: JitterSource = .system
    ) {
        self.jitter = jitter
        self.database = database
        self.fetcher = fetcher
        self.parser = parser
        self.clock = clock
        self.now = now
        self.refreshesPeriodically = refreshesPeriodically
        self.minimumInterval = minimumInterval
    }

    var sideEffects: [any SideEffect<RefreshService>] {
        [RefreshSE(), CancelRefreshSE(), TimerSE(), RetentionSE()]
    }
}

/// Names the fetch task of one source, so that it can be cancelled on its own.
struct RefreshTaskID: Hashable, Sendable {
    let source: UUID
}
