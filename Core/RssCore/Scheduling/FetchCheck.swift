import Foundation

/// What a fetch checks in the database just before asking the server, so that another process's fetch,
/// failure or `Retry-After` since this store last looked is honoured: `Retry-After` always; for a scheduled
/// refresh, the schedule too (``SchedulePolicy/schedule(_:userInterval:minimum:)``).
struct FetchCheck: Sendable, Equatable {
    /// Whether the source is fetched only when due (a timed or `rss-report --refresh` refresh); a refresh
    /// someone asked for fetches it regardless of its schedule.
    var onlyIfDue: Bool
    /// The refresh interval setting, in seconds.
    var userInterval: TimeInterval?
    /// The minimum fetch interval.
    var minimum: TimeInterval
    /// For a shared refresh of a ``LibraryPool``: a fetch another library made at or after this time serves this
    /// one (``FeedHub``).
    var sharedSince: Date? = nil

    /// Why `stored` is not fetched at `now`, and until when; nil when it is.
    func skip(_ stored: StoredSource, at now: Date) -> (until: Date, reason: SkipReason)? {
        if let retryAfter = stored.fetchStatus.nextAttemptAt, retryAfter > now { return (retryAfter, .retryAfter) }
        guard onlyIfDue else { return nil }
        let schedule = SchedulePolicy.schedule(ScheduleInputs(stored), userInterval: userInterval, minimum: minimum)
        guard let due = schedule.due else { return (.distantFuture, .disabled) }
        guard due > now else { return nil }
        return (due, schedule.reason == .backingOff ? .backingOff : .notDue)
    }
}

/// Why a source was not fetched.
enum SkipReason: String, Sendable, Equatable, Codable {
    /// The server asked to wait (`Retry-After`).
    case retryAfter
    /// Its interval has not passed since its last fetch.
    case notDue
    /// It is failing and backing off.
    case backingOff
    /// It was disabled meanwhile.
    case disabled
}
