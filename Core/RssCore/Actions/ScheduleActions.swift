public import Foundation
public import ReduxVM

/// Gives a source its own refresh interval, instead of the refresh interval setting, or (nil) makes it follow
/// the setting again. The feed and its server may still raise it (``FetchSchedule``).
///
/// An interval outside 60 seconds to 30 days is refused with ``RssProblem/settingOutOfRange(_:allowed:)``,
/// as the setting's is.
public struct SetSourceInterval: JournaledAction, SourcesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SetSourceInterval"
    /// The source.
    let id: UUID
    /// Seconds between its scheduled fetches, or nil to follow the setting.
    let interval: TimeInterval?
    /// When it was asked (for the notice of a refusal).
    let date: Date

    /// Sets the interval of the source `id`.
    public init(id: UUID, interval: TimeInterval?, date: Date = Date()) {
        self.id = id
        self.interval = interval
        self.date = date
    }

    /// Checks the interval and sets it.
    public func updateState(_ state: inout RssState) {
        if let interval {
            let change = SettingChange.refreshInterval(Int(exactly: interval.rounded()) ?? .max)
            if let allowed = change.allowedRange, !change.isInRange {
                state.notices.post(.settingOutOfRange(change, allowed: allowed), at: date)
                return
            }
        }
        state.sources.update(id) { $0.refreshInterval = interval }
    }
}
