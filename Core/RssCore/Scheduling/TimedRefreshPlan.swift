import Foundation

/// One look of the reader's timer: the sources due now, and when to look next (the next source's time, but
/// at least five seconds away, which gathers sources due close together into one look, and at most five
/// minutes, so that what other processes change is seen too).
///
/// The timer looks when a source is due rather than on a fixed tick, so sources are fetched at their own
/// slots (``SchedulePolicy/timerSchedule(_:userInterval:minimum:since:)``): spread over their intervals,
/// with no burst at the top of the hour.
struct TimedRefreshPlan: Equatable {
    /// The shortest wait between two looks: a source may be fetched this much after its slot, which its next
    /// slot does not inherit (slots are fixed, so lateness never adds up).
    static let shortestWait: TimeInterval = 5
    /// The longest wait between two looks.
    static let longestWait: TimeInterval = 300
    /// A gap between two looks longer than this means the timer did not run (turned off, the computer asleep):
    /// the next look starts a new session, whose missed sources are caught up spread.
    static let sessionGap: TimeInterval = 2 * longestWait

    /// The enabled sources due at the look and not being fetched already, in display order.
    var due: [UUID]
    /// When to look next.
    var nextCheck: Date

    /// The plan for a look at `tick` by a timer running since `since`.
    static func make(_ state: RssState, at tick: Date, since: Date, minimum: TimeInterval) -> TimedRefreshPlan {
        let pending = Set(state.refresh.pending)
        let userInterval = state.settings.refreshInterval.map(TimeInterval.init)
        var due: [UUID] = []
        var next = tick.addingTimeInterval(longestWait)
        for source in state.sources.all where source.isEnabled && !pending.contains(source.id) {
            let schedule = SchedulePolicy.timerSchedule(
                ScheduleInputs(source), userInterval: userInterval, minimum: minimum, since: since)
            guard let when = schedule.due else { continue }
            if when <= tick {
                due.append(source.id)
            } else if when < next {
                next = when
            }
        }
        return TimedRefreshPlan(due: due, nextCheck: max(next, tick.addingTimeInterval(shortestWait)))
    }

    /// Records a look at `tick` in `state` (the timer's session, the next look) and returns the sources to
    /// fetch.
    static func look(_ state: inout RssState, at tick: Date, minimum: TimeInterval) -> [UUID] {
        var refresh = state.refresh
        let continues = refresh.lastTimedCheck.map { tick.timeIntervalSince($0) <= sessionGap } ?? false
        let since = continues ? refresh.timerSince ?? tick : tick
        refresh.timerSince = since
        refresh.lastTimedCheck = tick
        refresh.minimumInterval = minimum
        state.refresh = refresh
        let plan = make(state, at: tick, since: since, minimum: minimum)
        state.refresh.nextTimedCheck = plan.nextCheck
        return plan.due
    }
}
