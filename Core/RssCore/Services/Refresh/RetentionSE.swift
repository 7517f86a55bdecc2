import ReduxVM

/// The last SourceFetched of a refresh, or a retention setting change → delete what retention no longer
/// keeps (never starred articles) → CountsChanged, and lists reload when something went.
struct RetentionSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        let refreshEnded =
            box.lastAction(is: SourceFetched.self) && box.oldState.refresh.isRunning && !box.state.refresh.isRunning
        let retentionChanged =
            box.lastAction(is: ChangeSetting.self)
            && (box.isNew(keyPath: \.settings.retentionDays) || box.isNew(keyPath: \.settings.retentionPerSource))
        return refreshEnded || retentionChanged
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: RefreshService) {
        let policy = RetentionPolicy(
            maxAgeDays: box.state.settings.retentionDays,
            maxArticlesPerSource: box.state.settings.retentionPerSource)
        guard policy.maxAgeDays != nil || policy.maxArticlesPerSource != nil else { return }
        let now = service.now
        DatabaseLane.run(trunk, database: service.database, now: now) { database throws(DatabaseProblem) in
            let change = try database.applyRetention(policy, now: now())
            return change.isEmpty ? nil : CountsChanged(change: change)
        }
    }
}
