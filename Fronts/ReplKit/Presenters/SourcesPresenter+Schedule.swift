import Foundation
import FrontKit
import ReduxVM
import RssCore

/// The schedule's cells of a source's row in the `sources` table: when it was last fetched, when a scheduled
/// refresh fetches it next and why, and its failures in a row (its last error is in the status cell).
struct ScheduleCells: Equatable, Sendable {
    /// The last fetch, whatever its outcome; nil before the first.
    let lastFetch: Date?
    /// The next scheduled fetch: a date, `.distantPast` for "at the next look", nil for never (disabled).
    let due: Date?
    /// Why then, in ``FrontKit/ScheduleText``'s words.
    let why: String
    /// Failed fetches in a row.
    let failures: Int

    init(_ source: Source, in state: RssState) {
        let schedule = state.fetchSchedule(of: source)
        lastFetch = source.status.lastAttempt
        due = schedule.due
        why = ScheduleText.word(schedule.reason)
        failures = source.status.consecutiveFailures
    }
}

extension SourcesPresenter {
    /// Whether the change moves the schedules the table shows without touching a source: a new refresh
    /// interval, or a look of the timer (which may start its session).
    static func scheduleChanged(_ box: StateBox<RssState>) -> Bool {
        guard box.lastAction(is: (any SettingsTag).self) || box.lastAction(is: (any RefreshTag).self) else {
            return false
        }
        return box.isNew(keyPath: \.settings.refreshInterval) || box.isNew(keyPath: \.refresh.nextTimedCheck)
    }
}
