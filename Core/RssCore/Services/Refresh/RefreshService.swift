import FeedParser
import Foundation
import ReduxVM

/// Fetches, parses and stores sources; runs the refresh timer and retention.
///
/// Its dependencies are injected: the fetcher (a file fetcher, HTTP, or a fake in tests), the clock the
/// timer sleeps on, and the wall clock that dates statuses and notices.
final class RefreshService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let fetcher: any FeedFetcher
    let parser: FeedParser
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    /// Whether a timer refreshes every `refreshInterval`; batch programs turn it off.
    let refreshesPeriodically: Bool
    /// How long a timed refresh leaves a source alone after any fetch of it.
    let minimumInterval: TimeInterval
    /// The largest body a feed may decompress to (the fetchers' own cap, for a gzip body they did not undo).
    let maximumBodyBytes = HTTPFetchConfiguration().maximumBytes

    init(
        database: FeedDatabase, fetcher: any FeedFetcher, parser: FeedParser = FeedParser(),
        clock: any Clock<Duration>, now: @escaping @Sendable () -> Date, refreshesPeriodically: Bool,
        minimumInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval
    ) {
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
