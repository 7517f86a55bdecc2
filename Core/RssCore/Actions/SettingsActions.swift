public import Foundation
public import ReduxVM

/// Changes one setting; an out-of-range value is refused with ``RssProblem/settingOutOfRange(_:allowed:)``.
public struct ChangeSetting: JournaledAction, SettingsTag, ListsTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ChangeSetting"
    /// The change.
    let change: SettingChange
    /// When it was made (for the notice).
    let date: Date
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// Applies `change`; its outcome is recorded under `ticket`, if given: ``CommandOutcome/done`` once stored,
    /// or ``RssProblem/settingOutOfRange(_:allowed:)``.
    public init(_ change: SettingChange, date: Date = Date(), ticket: CommandTicket? = nil) {
        self.change = change
        self.date = date
        self.ticket = ticket
    }

    /// Validates and stores the setting.
    public func updateState(_ state: inout RssState) {
        if !change.isInRange, let allowed = change.allowedRange {
            state.notices.post(.settingOutOfRange(change, allowed: allowed), at: date)
            state.outcomes.record(.failed(.settingOutOfRange(change, allowed: allowed)), for: ticket)
            return
        }
        state.settings.apply(change)
        if !state.isStarted { state.settingChangesBeforeStart.append(change) }
        switch change {
        case .pageSize:
            state.lists.first.reload(resettingPage: true)
            state.lists.second.reload(resettingPage: true)
        case .showsStoriesOnce(let once):
            state.counts.countsStoriesOnce = once
            state.lists.reloadAll()
        default: break
        }
    }
}

extension SettingChange {
    /// Whether ``ChangeSetting`` takes it (its value in range).
    var isAccepted: Bool { isInRange || allowedRange == nil }
}

extension SettingChange {
    /// The values the setting accepts (nil, "off", is accepted by the settings that have it).
    var allowedRange: ClosedRange<Int>? {
        switch self {
        case .refreshInterval: 60...Settings.longestRefreshInterval
        case .pageSize: 1...500
        case .retentionDays: 1...36_500
        case .retentionPerSource: 1...1_000_000
        case .showsStoriesOnce: nil
        }
    }

    /// The new value, nil for "off" (1 for a setting that is on).
    var value: Int? {
        switch self {
        case .refreshInterval(let seconds): seconds
        case .pageSize(let size): size
        case .retentionDays(let days): days
        case .retentionPerSource(let count): count
        case .showsStoriesOnce(let once): once ? 1 : nil
        }
    }

    /// Whether the value is accepted.
    var isInRange: Bool {
        guard let value, let allowedRange else { return true }
        return allowedRange.contains(value)
    }
}

extension Settings {
    /// Sets the value `change` names (already validated).
    mutating func apply(_ change: SettingChange) {
        switch change {
        case .refreshInterval(let seconds): refreshInterval = seconds
        case .pageSize(let size): pageSize = size
        case .retentionDays(let days): retentionDays = days
        case .retentionPerSource(let count): retentionPerSource = count
        case .showsStoriesOnce(let once): showsStoriesOnce = once
        }
    }
}

/// Forgets the notices up to and including `id`, once a front has shown them.
public struct DismissNotices: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.DismissNotices"
    /// The last notice shown.
    let throughID: Int

    /// Dismisses notices up to `throughID`.
    public init(throughID: Int) {
        self.throughID = throughID
    }

    /// Drops the notices.
    public func updateState(_ state: inout RssState) {
        state.notices.items.removeAll { $0.id <= throughID }
    }
}
