import Foundation

/// What the schedule of one source depends on, from the state (``Source``) or from the database
/// (``StoredSource``), so that the timer, the fronts and the check made at fetch time apply the same rules.
struct ScheduleInputs: Sendable, Equatable {
    var id: UUID
    var isEnabled: Bool
    /// The user's interval for this source alone.
    var sourceInterval: TimeInterval?
    var hints: RefreshHints
    var lastAttempt: Date?
    var failures: Int
    var backoffUntil: Date?
    /// `Retry-After`.
    var retryAfter: Date?
}

extension ScheduleInputs {
    init(_ source: Source) {
        let status = source.status
        self.init(
            id: source.id, isEnabled: source.isEnabled, sourceInterval: source.refreshInterval, hints: status.hints,
            lastAttempt: status.lastAttempt, failures: status.consecutiveFailures,
            backoffUntil: status.backingOffUntil, retryAfter: status.nextAttemptAfter)
    }

    init(_ stored: StoredSource) {
        let status = stored.fetchStatus
        self.init(
            id: stored.id, isEnabled: stored.isEnabled, sourceInterval: stored.refreshInterval, hints: status.hints,
            lastAttempt: status.lastAttemptAt,
            failures: status.failureCount, backoffUntil: status.backoffUntil, retryAfter: status.nextAttemptAt)
    }
}
