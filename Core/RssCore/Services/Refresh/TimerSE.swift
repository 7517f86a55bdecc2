import Foundation
import ReduxVM

/// The reader's refresh timer: looks for due sources (``Refresh/due(at:minimumInterval:)``) when the next one is
/// due (``RefreshState/nextTimedCheck``), and at once when something may have made a source due sooner: start,
/// a new refresh interval, a source enabled or given its own interval, other processes' changes, the end of
/// a refresh (whose failures may back off less than the next look). Off without `refreshInterval`.
struct TimerSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard box.state.isStarted, !box.isInitialDelivery else { return false }
        return Self.looksNow(box) || box.isNew(keyPath: \.refresh.nextTimedCheck)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: RefreshService) {
        guard service.refreshesPeriodically, box.state.settings.refreshInterval != nil else {
            trunk.cancel(id: Self.id)
            return
        }
        let minimumInterval = service.minimumInterval
        if Self.looksNow(box) {
            trunk.dispatch(Refresh.due(at: service.now(), minimumInterval: minimumInterval))
            return
        }
        guard let next = box.state.refresh.nextTimedCheck else { return }
        let clock = service.clock
        trunk.run(id: Self.id, cancellingInFlight: true) { trunk in
            let wait = max(0, next.timeIntervalSince(service.now()))
            do {
                try await clock.sleep(for: .seconds(wait))
            } catch {
                return
            }
            trunk.dispatch(Refresh.due(at: service.now(), minimumInterval: minimumInterval))
        }
    }

    private static let id = "refresh-timer"

    /// Whether the change may have made a source due sooner than the next look.
    private static func looksNow(_ box: StateBox<RssState>) -> Bool {
        box.lastAction(is: Started.self) || box.isNew(keyPath: \.settings.refreshInterval)
            || box.lastAction(is: SetSourceEnabled.self) || box.lastAction(is: SetSourceInterval.self)
            || box.lastAction(is: DatabaseChanged.self)
            || (box.oldState.refresh.isRunning && !box.state.refresh.isRunning)
    }
}
