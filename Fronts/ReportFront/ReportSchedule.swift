import Foundation
import FrontKit
import RssCore

/// A source's schedule as the report shows it in JSON: when `rss-report --refresh` fetches it next and why,
/// its interval and what set it, its last fetch and its failures in a row.
struct ReportSchedule: Sendable, Equatable {
    var lastFetch: Date?
    /// Nil when disabled; `.distantPast` when due at once (never fetched).
    var nextDue: Date?
    var nextDueReason: String
    var interval: TimeInterval
    var intervalReason: String
    var failures: Int

    init(_ source: Source, in state: RssState) {
        let schedule = state.fetchSchedule(of: source)
        lastFetch = source.status.lastAttempt
        nextDue = schedule.due
        nextDueReason = ScheduleText.word(schedule.reason)
        interval = schedule.interval
        intervalReason = ScheduleText.word(schedule.intervalReason)
        failures = source.status.consecutiveFailures
    }

    /// Writes the schedule's keys of a source's JSON object: dates in ISO 8601 (`nextDue` null when disabled
    /// or never fetched, which `nextDueReason` tells apart), the interval in seconds.
    func encode(into container: inout KeyedEncodingContainer<JSONRenderer.SourceEntry.CodingKeys>) throws {
        try container.encode(lastFetch.map(LocalTime.iso8601), forKey: .lastFetch)
        try container.encode(nextDue.flatMap { $0 == .distantPast ? nil : LocalTime.iso8601($0) }, forKey: .nextDue)
        try container.encode(nextDueReason, forKey: .nextDueReason)
        try container.encode(Int(interval.rounded()), forKey: .interval)
        try container.encode(intervalReason, forKey: .intervalReason)
        try container.encode(failures, forKey: .failures)
    }
}
