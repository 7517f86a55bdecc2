import Foundation
import ReduxVM

/// Refresh (new sources queued) → one tracked task per source: fetch → parse → merge → SourceFetched.
struct RefreshSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.state.refresh.pending.count > box.oldState.refresh.pending.count
            || box.state.refresh.generation != box.oldState.refresh.generation
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: RefreshService) {
        let before = box.state.refresh.generation == box.oldState.refresh.generation
            ? Set(box.oldState.refresh.pending) : []
        let generation = box.state.refresh.generation
        let userInterval = box.state.settings.refreshInterval.map(TimeInterval.init)
        let storiesOnce = box.state.settings.showsStoriesOnce
        for id in box.state.refresh.pending where !before.contains(id) {
            guard let source = box.state.sources[id] else { continue }
            let check = FetchCheck(
                onlyIfDue: box.state.refresh.onlyIfDue.contains(id), userInterval: userInterval,
                minimum: service.minimumInterval, sharedSince: box.state.refresh.sharedSince[id])
            trunk.run(id: RefreshTaskID(source: id), cancellingInFlight: true) { trunk in
                // An outcome means something was stored: reported even if cancelled since, so that the state
                // shows what the database holds.
                guard let outcome = await service.refresh(source, check: check, showingStoriesOnce: storiesOnce)
                else { return }
                trunk.dispatch(SourceFetched(id: id, generation: generation, outcome: outcome, date: service.now()))
            }
        }
    }
}

/// CancelRefresh → cancel the fetch tasks still running; they write nothing more.
struct CancelRefreshSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: CancelRefresh.self) && !box.oldState.refresh.pending.isEmpty
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: RefreshService) {
        for id in box.oldState.refresh.pending {
            trunk.cancel(id: RefreshTaskID(source: id))
        }
    }
}
