public import Foundation
public import RssCore

/// What the fronts show of a source's schedule, worded: its last fetch, when a scheduled refresh fetches it
/// next and why, its interval and what set it, and its failures in a row. The REPL's `sources` table and the
/// report's JSON are made of it.
public struct ScheduleSummary: Sendable, Equatable {
    /// The last fetch, whatever its outcome; nil before the first.
    public let lastFetch: Date?
    /// The next scheduled fetch: a date, `.distantPast` for "at the next look" (never fetched), nil for
    /// never (disabled).
    public let due: Date?
    /// Why then, in ``ScheduleText``'s words.
    public let dueReason: String
    /// Seconds between scheduled fetches.
    public let interval: TimeInterval
    /// What set the interval, in ``ScheduleText``'s words.
    public let intervalReason: String
    /// Failed fetches in a row.
    public let failures: Int

    /// The summary of `source` as `state` schedules it.
    public init(_ source: Source, in state: RssState) {
        let schedule = state.fetchSchedule(of: source)
        lastFetch = source.status.lastAttempt
        due = schedule.due
        dueReason = ScheduleText.word(schedule.reason)
        interval = schedule.interval
        intervalReason = ScheduleText.word(schedule.intervalReason)
        failures = source.status.consecutiveFailures
    }
}
