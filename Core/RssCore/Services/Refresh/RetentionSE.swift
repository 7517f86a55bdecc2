import ReduxVM

/// The last SourceFetched of a refresh, or a retention setting change → delete what retention no longer
/// keeps (never starred articles) → CountsLoaded, and lists reload when something went.
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
        let database = service.database
        let now = service.now
        trunk.run { trunk in
            do throws(StorageError) {
                var removed = 0
                if policy.maxAgeDays != nil || policy.maxArticlesPerSource != nil {
                    removed = try database.applyRetention(policy, now: now())
                }
                trunk.dispatch(RetentionApplied(removed: removed, counts: try database.articleCounts()))
            } catch {
                trunk.dispatch(OperationFailed(message: error.description, date: now()))
            }
        }
    }
}

/// Retention ran: counts read back, and lists reload when articles were deleted.
struct RetentionApplied: Action, MarksTag, ListsTag {
    let removed: Int
    let counts: ArticleCounts

    func updateState(_ state: inout RssState) {
        state.counts = counts
        if removed > 0 { state.lists.reloadAll() }
    }
}
