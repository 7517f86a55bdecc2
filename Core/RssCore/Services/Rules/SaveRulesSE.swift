import ReduxVM

/// AddRule / SaveQuery → store the rule or query; RemoveRule / RemoveQuery (of one that existed) → remove it.
/// In the database lane, so that a refresh asked after a rule was added applies it.
struct SaveRulesSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: (any RulesTag).self) && box.state.rules != box.oldState.rules
            && !box.lastAction(is: Started.self) && !box.lastAction(is: RemoveSource.self)
            && !box.lastAction(is: DatabaseChanged.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        if let added = box.lastAction(as: AddRule.self) {
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.saveRule(added.rule)
                return nil
            }
        } else if let saved = box.lastAction(as: SaveQuery.self) {
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.saveQuery(saved.query)
                return nil
            }
        } else if let removed = box.lastAction(as: RemoveRule.self) {
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.removeRule(named: removed.name)
                return nil
            }
        } else if let removed = box.lastAction(as: RemoveQuery.self) {
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.removeRule(named: removed.name, query: true)
                return nil
            }
        }
    }
}
