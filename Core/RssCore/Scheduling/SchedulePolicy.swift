import Foundation

/// The rules that decide when a scheduled refresh fetches a source, in one place and pure, so that the
/// reader's timer, `rss-report --refresh`, the check a fetch makes against the database and the fronts'
/// tables all agree (the table in docs/activities.md says the same in words).
enum SchedulePolicy {
    /// What a feed or a server can raise an interval to, at most: a day.
    static let longestRaise: TimeInterval = 86_400
    /// A scheduled fetch may come this share of the interval early, so that a run of `rss-report` from cron
    /// every hour fetches an hourly source every time although each fetch finishes a little later.
    static let earliness = 0.1
    /// Sources whose time came while no timer ran (the reader was closed, the computer asleep) are fetched
    /// within this long of the timer's start, or within their interval when that is shorter, spread.
    static let catchUpWindow: TimeInterval = 3_600

    /// The interval between scheduled fetches and what set it: the user's (the source's own, else the
    /// setting), raised by the feed's and the server's hints (each up to a day), never under `minimum`.
    static func interval(
        _ source: ScheduleInputs, userInterval: TimeInterval?, minimum: TimeInterval
    ) -> (TimeInterval, FetchSchedule.Reason) {
        var best: (TimeInterval, FetchSchedule.Reason) =
            source.sourceInterval.map { ($0, .sourceInterval) } ?? (userInterval ?? 0, .refreshInterval)
        // One by one rather than over an array: the timer asks this of every source at every look.
        func raise(_ value: TimeInterval?, _ reason: FetchSchedule.Reason) {
            if let value, min(value, longestRaise) > best.0 { best = (min(value, longestRaise), reason) }
        }
        raise(source.hints.ttl, .ttl)
        raise(source.hints.updatePeriod, .updatePeriod)
        raise(source.hints.serverFreshness, .server)
        return minimum > best.0 ? (minimum, .minimum) : best
    }

    /// The wait a failing source earned: its back-off, or the server's `Retry-After` when that is later.
    static func hold(_ source: ScheduleInputs) -> (until: Date, reason: FetchSchedule.Reason)? {
        let backoff = source.failures > 0 ? source.backoffUntil : nil
        switch (backoff, source.retryAfter) {
        case (nil, nil): return nil
        case (let backoff?, nil): return (backoff, .backingOff)
        case (nil, let retryAfter?): return (retryAfter, .retryAfter)
        case (let backoff?, let retryAfter?):
            return retryAfter >= backoff ? (retryAfter, .retryAfter) : (backoff, .backingOff)
        }
    }

    /// When a scheduled fetch may come, counted from the last fetch: what `rss-report --refresh` and every
    /// fetch-time check go by.
    static func schedule(_ source: ScheduleInputs, userInterval: TimeInterval?, minimum: TimeInterval) -> FetchSchedule {
        let (interval, why) = self.interval(source, userInterval: userInterval, minimum: minimum)
        func due(_ date: Date?, _ reason: FetchSchedule.Reason) -> FetchSchedule {
            FetchSchedule(interval: interval, intervalReason: why, due: date, reason: reason)
        }
        guard source.isEnabled else { return due(nil, .disabled) }
        if let hold = hold(source) { return due(hold.until, hold.reason) }
        guard let last = source.lastAttempt else { return due(.distantPast, .new) }
        return due(last.addingTimeInterval(interval * (1 - earliness)), why)
    }

    /// When the reader's timer, running since `since`, fetches the source: at its own slot of each interval
    /// (a fixed offset from its id, so that sources with one interval are spread over it instead of fetched
    /// together), the first slot the interval allows. A source whose slot passed before the timer started,
    /// or never fetched, is caught up at its offset within ``catchUpWindow`` of the start. Back-off and
    /// `Retry-After` are kept to the second.
    static func timerSchedule(
        _ source: ScheduleInputs, userInterval: TimeInterval?, minimum: TimeInterval, since: Date
    ) -> FetchSchedule {
        let plain = schedule(source, userInterval: userInterval, minimum: minimum)
        guard let earliest = plain.due, plain.reason == .new || plain.reason == plain.intervalReason else {
            return plain
        }
        let phase = phase(of: source.id)
        var due = since.addingTimeInterval(phase * min(plain.interval, catchUpWindow))
        if plain.reason != .new {
            let slot = slot(after: earliest, period: plain.interval, phase: phase)
            if slot >= since { due = slot }
        }
        return FetchSchedule(interval: plain.interval, intervalReason: plain.intervalReason, due: due, reason: plain.reason)
    }

    /// Where in each interval a source's slot is, from 0 to 1: taken from the random half of its id, so
    /// that slots are spread evenly and stay put across sessions.
    static func phase(of id: UUID) -> Double {
        let bytes = id.uuid
        let high = [bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15]
            .reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(high >> 11) / Double(1 << 53)
    }

    /// The first time at or after `date` of the form `(k + phase) × period` seconds since 1970.
    static func slot(after date: Date, period: TimeInterval, phase: Double) -> Date {
        let k = (date.timeIntervalSince1970 / period - phase).rounded(.up)
        return Date(timeIntervalSince1970: (k + phase) * period)
    }
}
