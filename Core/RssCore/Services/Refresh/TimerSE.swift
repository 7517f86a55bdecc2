import ReduxVM

/// Started, or a new refresh interval → (re)start the timer that dispatches Refresh every interval.
struct TimerSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.state.isStarted && (box.lastAction(is: Started.self) || box.isNew(keyPath: \.settings.refreshInterval))
            && !box.isInitialDelivery
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: RefreshService) {
        guard service.refreshesPeriodically, let seconds = box.state.settings.refreshInterval else {
            trunk.cancel(id: "refresh-timer")
            return
        }
        let clock = service.clock
        trunk.run(id: "refresh-timer", cancellingInFlight: true) { trunk in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: .seconds(seconds))
                } catch {
                    return
                }
                trunk.dispatch(Refresh())
            }
        }
    }
}
