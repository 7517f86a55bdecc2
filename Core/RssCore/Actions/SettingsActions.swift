public import Foundation
public import ReduxVM

/// Changes one setting; out-of-range values are refused with a notice.
public struct ChangeSetting: JournaledAction, SettingsTag, ListsTag, NoticesTag {
    /// The change.
    public let change: SettingChange
    /// When it was made (for the notice).
    public let date: Date

    /// Applies `change`.
    public init(_ change: SettingChange, date: Date = Date()) {
        self.change = change
        self.date = date
    }

    /// Validates and stores the setting.
    public func updateState(_ state: inout RssState) {
        if let problem = change.problem {
            state.notices.post(.error, problem, at: date)
            return
        }
        state.settings.apply(change)
        if !state.isStarted { state.settingChangesBeforeStart.append(change) }
        if case .pageSize = change {
            state.lists.first.reload(resettingPage: true)
            state.lists.second.reload(resettingPage: true)
        }
    }
}

extension SettingChange {
    /// Why the value is refused, or nil when it is in range.
    var problem: String? {
        switch self {
        case .refreshInterval(let seconds?) where !(60...Settings.longestRefreshInterval).contains(seconds):
            "refresh interval must be between 60 seconds and 30 days"
        case .pageSize(let size) where !(1...500).contains(size): "page size must be between 1 and 500"
        case .retentionDays(let days?) where !(1...36_500).contains(days): "retention must keep between 1 and 36500 days"
        case .retentionPerSource(let count?) where !(1...1_000_000).contains(count):
            "retention must keep between 1 and 1000000 articles per source"
        default: nil
        }
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
        }
    }
}

/// Forgets the notices up to and including `id`, once a front has shown them.
public struct DismissNotices: JournaledAction, NoticesTag {
    /// The last notice shown.
    public let throughID: Int

    /// Dismisses notices up to `throughID`.
    public init(throughID: Int) {
        self.throughID = throughID
    }

    /// Drops the notices.
    public func updateState(_ state: inout RssState) {
        state.notices.items.removeAll { $0.id <= throughID }
    }
}
