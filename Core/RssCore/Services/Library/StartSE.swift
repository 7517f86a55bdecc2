import ReduxVM

/// Start → read sources, settings and counts → Started.
struct StartSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: Start.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        let seen = service.dataVersionSeen
        service.perform(trunk) { database throws(DatabaseProblem) in
            // What is read here is the baseline later checks compare with.
            let version = try database.dataVersion()
            seen.withLock { $0 = version }
            let sources = try database.loadSources().map(Source.init(stored:))
            let settings = Settings(stored: try database.allSettings())
            return Started(
                sources: sources, settings: settings, counts: try database.articleCounts(),
                rules: try database.loadRules())
        }
    }
}
