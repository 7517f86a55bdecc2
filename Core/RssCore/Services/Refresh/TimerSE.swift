import ReduxVM

/// Started, or a new refresh interval → (re)start the timer that dispatches a timed Refresh every interval; it
/// fetches only the sources not fetched within the service's minimum interval.
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
        let minimumInterval = service.minimumInterval
        trunk.run(id: "refresh-timer", cancellingInFlight: true) { trunk in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: .seconds(seconds))
                } catch {
                    return
                }
                trunk.dispatch(Refresh.due(at: service.now(), minimumInterval: minimumInterval))
            }
        }
    }
}
