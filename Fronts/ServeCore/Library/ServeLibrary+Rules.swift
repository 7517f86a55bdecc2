import ReduxVM
package import RssCore

/// Rules, saved queries and settings, as the web front changes them; each returns once the state has it.
extension ServeLibrary {
    /// Adds `rule`, replacing the one of its name.
    package func addRule(_ rule: ArticleRule) async {
        store.dispatch(AddRule(rule))
        await store.databaseSettled()
    }

    /// Removes the rule called `name`.
    package func removeRule(named name: String) async {
        store.dispatch(RemoveRule(name: name))
        await store.databaseSettled()
    }

    /// Applies the rule called `name` to the stored articles; how many it changed, or why not.
    package func applyRule(named name: String) async -> Result<Int, RssProblem> {
        let ticket = CommandTicket()
        switch await store.outcome(of: ticket, dispatching: ApplyRule(name: name, ticket: ticket)) {
        case .ruleApplied(let articles): return .success(articles)
        case .failed(let problem): return .failure(problem)
        default: return .success(0)
        }
    }

    /// Saves `query`, replacing the one of its name.
    package func saveQuery(_ query: SavedQuery) async {
        store.dispatch(SaveQuery(query))
        await store.databaseSettled()
    }

    /// Removes the saved query called `name`.
    package func removeQuery(named name: String) async {
        store.dispatch(RemoveQuery(name: name))
        await store.databaseSettled()
    }

    /// Changes a setting; nil once stored, or the problem (a value out of range, a database that failed).
    package func changeSetting(_ change: SettingChange) async -> RssProblem? {
        let ticket = CommandTicket()
        return await store.outcome(of: ticket, dispatching: ChangeSetting(change, ticket: ticket)).problem
    }
}
