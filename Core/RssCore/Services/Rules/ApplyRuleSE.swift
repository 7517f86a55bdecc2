import ReduxVM

/// ApplyRule (of a rule that exists) → apply it to every stored article → RuleApplied.
struct ApplyRuleSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let apply = box.lastAction(as: ApplyRule.self) else { return false }
        return box.state.rules.rule(named: apply.name) != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let apply = box.lastAction(as: ApplyRule.self) else { return }
        let now = service.now
        service.perform(trunk, ticket: apply.ticket) { database throws(DatabaseProblem) in
            // The stored rule: the state's may be older than another process's change.
            guard let applied = try database.applyRule(named: apply.name, now: apply.date) else {
                return ProblemOccurred(problem: .unknownRule(apply.name), date: now(), ticket: apply.ticket)
            }
            return RuleApplied(
                name: applied.rule.name, action: applied.rule.action, articles: applied.articles,
                change: applied.change, date: now(), ticket: apply.ticket)
        }
    }
}
