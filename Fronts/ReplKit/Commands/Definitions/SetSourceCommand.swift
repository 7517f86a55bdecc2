import FrontKit
import ReduxVM
import RssCore

/// `set-source SOURCE interval DURATION|default` gives one source its own refresh interval;
/// `set-source SOURCE full-text on|off` has its new articles' pages fetched for their full text.
struct SetSourceCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "set-source",
        arguments: [
            ArgumentSpec(name: "SOURCE", arity: .required, completion: .sources),
            ArgumentSpec(name: "interval|full-text", arity: .required, completion: .choices(keys)),
            ArgumentSpec(name: "DURATION|default|on|off", arity: .required, completion: .sourceSettingValues),
        ],
        summary: "give one source its own refresh interval, or default; or full-text on|off",
        details: """
            interval: DURATION is seconds, or 30m, 2h, 1d (60 s to 30 days); default follows refresh-interval. \
            What the feed asks (ttl, sy:updatePeriod) and what its server asks (Cache-Control, Expires) may \
            still lengthen it, up to a day; sources shows when each source is due and why. full-text on: after \
            each refresh, the source's new articles get the text of their web pages, fetched and extracted in \
            the background (its newest articles at once), unless the feed carries them whole (150 words or \
            more, not ending as a teaser does); open shows it, search finds it, and it reads offline. \
            \(CommandSpec.sourceDetails)
            """)

    static let keys = ["interval", "full-text"]
    static let examples = ["15m", "30m", "1h", "2h", "6h", "1d", "default"]

    /// What Tab offers after `key`.
    static func values(after key: String) -> [String] {
        switch key {
        case "interval": examples
        case "full-text": ["on", "off"]
        default: []
        }
    }

    /// What is set.
    enum Change: Equatable {
        /// The interval in seconds (nil: the default).
        case interval(Int?)
        /// Full text on or off.
        case fullText(Bool)
    }

    /// The source as typed (a title may have spaces), and what to set.
    let source: String
    let change: Change

    init(source: String, interval: Int?) {
        self.source = source
        change = .interval(interval)
    }

    init(source: String, fullText: Bool) {
        self.source = source
        change = .fullText(fullText)
    }

    init(words: [String]) throws(CommandError) {
        guard words.count >= 3 else { throw Self.usage("a source, interval or full-text, and a value expected") }
        let key = words[words.count - 2].lowercased()
        let value = words[words.count - 1].lowercased()
        source = words.dropLast(2).joined(separator: " ")
        guard let chosen = Self.keys.first(where: { !key.isEmpty && $0.hasPrefix(key) }) else {
            throw Self.usage("“\(key)” is not interval or full-text")
        }
        if chosen == "full-text" {
            switch value {
            case "on", "yes", "true": change = .fullText(true)
            case "off", "no", "false": change = .fullText(false)
            default: throw Self.usage("full-text takes on or off, not “\(value)”")
            }
            return
        }
        // Not a duration at all is a usage error (the usage follows); a duration out of range is invalid.
        if !["default", "off", "none"].contains(value), SettingValue.durationSeconds(value) == nil {
            throw Self.usage("the interval takes seconds (or 30m, 2h, 1d) or “default”, not “\(value)”")
        }
        switch SettingValue.sourceInterval(value) {
        case .success(let seconds): change = .interval(seconds)
        case .failure(let problem): throw .invalid(problem.message)
        }
    }

    func run(in session: CommandRunner) {
        session.withSource(source) { found in
            switch change {
            case .interval(let interval): setInterval(interval, of: found, session)
            case .fullText(let isOn): setFullText(isOn, of: found, session)
            }
        }
    }

    private func setInterval(_ interval: Int?, of found: Source, _ session: CommandRunner) {
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

    private func setFullText(_ isOn: Bool, of found: Source, _ session: CommandRunner) {
        session.store.dispatch(SetSourceFullText(id: found.id, on: isOn))
        session.waiter.until { _ in true }
        let title = UserMessage.line(found.title)
        session.console.print(
            isOn
                ? "“\(title)”: full text on; its new articles get their pages' text after each refresh"
                : "“\(title)”: full text off; its articles show their feed's text")
    }
}
