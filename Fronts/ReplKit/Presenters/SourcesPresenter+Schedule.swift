import ReduxVM
import RssCore

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
