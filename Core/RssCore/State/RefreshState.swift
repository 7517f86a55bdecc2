public import Foundation

/// Progress of a refresh, for "n of m sources" displays.
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
    public internal(set) var pending: [UUID] = []
    /// When the last refresh ended.
    public internal(set) var lastFinished: Date?
    /// Incremented for every refresh started, so side effects tell refreshes apart.
    public internal(set) var generation = 0
}
