import FrontKit
import ReduxVM
import RssCore

/// `set-source SOURCE interval DURATION|default`: gives one source its own refresh interval.
struct SetSourceCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "set-source",
        arguments: [
            ArgumentSpec(name: "SOURCE", arity: .required, completion: .sources),
            ArgumentSpec(name: "interval", arity: .required, completion: .choices(["interval"])),
            ArgumentSpec(name: "DURATION|default", arity: .required, completion: .choices(examples)),
        ],
        summary: "give one source its own refresh interval, or default to follow refresh-interval",
        details: """
            DURATION is seconds, or 30m, 2h, 1d (60 s to 30 days). What the feed asks (ttl, sy:updatePeriod) and \
            what its server asks (Cache-Control, Expires) may still lengthen it, up to a day; sources shows when \
            each source is due and why. \(CommandSpec.sourceDetails)
            """)

    static let examples = ["15m", "30m", "1h", "2h", "6h", "1d", "default"]

    /// The source as typed (a title may have spaces), and the interval in seconds (nil: the default).
    let source: String
    let interval: Int?

    init(source: String, interval: Int?) {
        self.source = source
        self.interval = interval
    }

    init(words: [String]) throws(CommandError) {
        guard words.count >= 3 else { throw Self.usage("a source, interval and a duration expected") }
        let key = words[words.count - 2].lowercased()
        guard !key.isEmpty, "interval".hasPrefix(key) else { throw Self.usage("“\(key)” is not interval") }
        let value = words[words.count - 1].lowercased()
        source = words.dropLast(2).joined(separator: " ")
        if ["default", "off", "none"].contains(value) {
            interval = nil
            return
        }
        guard let seconds = SettingValue.durationSeconds(value) else {
            throw Self.usage("the interval takes seconds (or 30m, 2h, 1d) or “default”, not “\(value)”")
        }
        guard (60...SettingValue.longestRefreshInterval).contains(seconds) else {
            throw .invalid("an interval must be between 60 s and 30 days (720h)")
        }
        interval = seconds
    }

    func run(in session: CommandRunner) {
        session.withSource(source) { found in
            session.store.dispatch(SetSourceInterval(id: found.id, interval: interval.map(Double.init)))
            session.waiter.until { _ in true }
            let title = UserMessage.line(found.title)
            guard let updated = session.state.sources[found.id] else { return }
            let schedule = session.state.fetchSchedule(of: updated)
            let own = interval.map { "its own interval is \(ScheduleText.interval(Double($0)))" }
                ?? "it follows refresh-interval"
            session.console.print(
                "“\(title)”: \(own); fetched every \(ScheduleText.interval(schedule.interval)) "
                    + "(\(ScheduleText.word(schedule.intervalReason)))")
        }
    }
}
