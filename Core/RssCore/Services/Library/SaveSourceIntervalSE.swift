import ReduxVM

/// SetSourceInterval (accepted) → store the source's own interval.
struct SaveSourceIntervalSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let change = box.lastAction(as: SetSourceInterval.self) else { return false }
        return box.state.sources[change.id]?.refreshInterval == change.interval
            && box.oldState.sources[change.id] != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let change = box.lastAction(as: SetSourceInterval.self) else { return }
        let now = service.now
        service.perform(trunk) { database throws(DatabaseProblem) in
            let existed = try database.setRefreshInterval(id: change.id, change.interval)
            return existed ? nil : ProblemOccurred(problem: .unknownSource(change.id), date: now())
        }
    }
}
