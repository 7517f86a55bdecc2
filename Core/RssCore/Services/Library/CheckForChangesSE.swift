import ReduxVM

/// CheckForChanges → in the database lane, compare `data_version` with the last one seen → if another process
/// wrote (or the check is forced), read sources, settings and counts → DatabaseChanged.
struct CheckForChangesSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.state.isStarted && box.lastAction(is: CheckForChanges.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        let force = box.lastAction(as: CheckForChanges.self)?.force ?? false
        let before = DatabaseChanged.Snapshot(
            sources: box.state.sources.all, settings: box.state.settings, wasRefreshing: box.state.refresh.isRunning,
            rules: box.state.rules)
        let seen = service.dataVersionSeen
        service.perform(trunk) { database throws(DatabaseProblem) in
            let version = try database.dataVersion()
            let changed = seen.withLock { last in
                defer { last = version }
                return last != version
            }
            guard changed || force else { return nil }
            return DatabaseChanged(
                sources: try database.loadSources().map(Source.init(stored:)),
                settings: Settings(stored: try database.allSettings()), counts: try database.articleCounts(),
                before: before, rules: try database.loadRules())
        }
    }
}

/// Started → check for other processes' changes every `interval`, when the store was made to.
struct ChangeTimerSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: Started.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let interval = service.changeCheckInterval else { return }
        let clock = service.clock
        trunk.run(id: "change-timer", cancellingInFlight: true) { trunk in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: interval)
                } catch {
                    return
                }
                trunk.dispatch(CheckForChanges())
            }
        }
    }
}

/// A refresh ended while a check had to leave the counts alone → read them again.
struct RecountAfterRefreshSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.state.countsNeedCheck && !box.state.refresh.isRunning
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        trunk.dispatch(CheckForChanges(force: true))
    }
}
