public import Foundation

/// Progress of a refresh, for "n of m sources" displays, and the reader's refresh timer.
public struct RefreshState: Sendable, Equatable {
    /// True while sources are being fetched.
    public internal(set) var isRunning = false
    /// Sources in this refresh.
    public internal(set) var total = 0
    /// Sources done (fetched, failed or skipped).
    public internal(set) var completed = 0
    /// Articles new in this refresh so far.
    public internal(set) var newArticles = 0
    /// The sources still to fetch, in order.
    @_spi(Benchmarks) public internal(set) var pending: [UUID] = []
    /// When the last refresh ended.
    var lastFinished: Date?
    /// Incremented for every refresh started, so side effects tell refreshes apart.
    var generation = 0
    /// When the reader's timer looks for due sources next; nil before its first look.
    public internal(set) var nextTimedCheck: Date?
    /// When the timer's session began: sources whose time came before it are caught up spread out.
    var timerSince: Date?
    /// The timer's last look.
    var lastTimedCheck: Date?
    /// The minimum fetch interval the timer goes by (the store's configuration).
    var minimumInterval = RssConfiguration.defaultMinimumFetchInterval
    /// The pending sources a fetch checks against their schedule first (timed and `rss-report` refreshes).
    var onlyIfDue: Set<UUID> = []
    /// The pending sources of a pool's shared refresh, and since when another library's fetch serves each.
    var sharedSince: [UUID: Date] = [:]
}
