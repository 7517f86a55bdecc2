import Foundation

extension RssState {
    /// When a scheduled refresh fetches `source` next, and why: by the timer's slots while the reader's timer
    /// runs, else by the interval alone (what `rss-report --refresh` goes by).
    public func fetchSchedule(of source: Source) -> FetchSchedule {
        let inputs = ScheduleInputs(source)
        let userInterval = settings.refreshInterval.map(TimeInterval.init)
        let minimum = refresh.minimumInterval
        if userInterval != nil, let since = refresh.timerSince {
            return SchedulePolicy.timerSchedule(inputs, userInterval: userInterval, minimum: minimum, since: since)
        }
        return SchedulePolicy.schedule(inputs, userInterval: userInterval, minimum: minimum)
    }
}
