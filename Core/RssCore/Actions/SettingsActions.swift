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
        switch change {
        case .refreshInterval(let seconds):
            if let seconds, seconds < 60 {
                state.notices.post(.error, "refresh interval must be at least 60 seconds", at: date)
                return
            }
            state.settings.refreshInterval = seconds
        case .pageSize(let size):
            guard (1...500).contains(size) else {
                state.notices.post(.error, "page size must be between 1 and 500", at: date)
                return
            }
            state.settings.pageSize = size
            state.lists.first.reload(resettingPage: true)
            state.lists.second.reload(resettingPage: true)
        case .retentionDays(let days):
            if let days, days < 1 {
                state.notices.post(.error, "retention must keep at least 1 day", at: date)
                return
            }
            state.settings.retentionDays = days
        case .retentionPerSource(let count):
            if let count, count < 1 {
                state.notices.post(.error, "retention must keep at least 1 article per source", at: date)
                return
            }
            state.settings.retentionPerSource = count
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
