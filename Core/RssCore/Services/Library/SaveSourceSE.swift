import ReduxVM

/// AddSource (accepted) → store it → the command's outcome, Refresh it; SetSourceEnabled → store the flag.
struct SaveSourceSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        if let add = box.lastAction(as: AddSource.self) {
            return box.state.sources[add.id] != nil && box.oldState.sources[add.id] == nil
        }
        return box.lastAction(is: SetSourceEnabled.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        if let add = box.lastAction(as: AddSource.self), let source = box.state.sources[add.id] {
            let order = box.state.sources.all.count
            let database = service.database
            let now = service.now
            trunk.run(in: DatabaseLane.lane) { trunk in
                do throws(DatabaseProblem) {
                    try database.saveSource(StoredSource(source, sortOrder: order))
                } catch {
                    trunk.dispatch(ProblemOccurred(problem: .database(error), date: now(), ticket: add.ticket))
                    return
                }
                if let ticket = add.ticket { trunk.dispatch(CommandEnded(ticket: ticket, outcome: .sourceAdded(source.id))) }
                trunk.dispatch(Refresh(sourceIDs: [source.id]))
            }
        } else if let change = box.lastAction(as: SetSourceEnabled.self) {
            let now = service.now
            service.perform(trunk) { database throws(DatabaseProblem) in
                let existed = try database.setSourceEnabled(id: change.id, change.isEnabled)
                return existed ? nil : ProblemOccurred(problem: .unknownSource(change.id), date: now())
            }
        }
    }
}

/// RemoveSource → delete it and its articles → CountsChanged.
struct RemoveSourceSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let remove = box.lastAction(as: RemoveSource.self) else { return false }
        return box.oldState.sources[remove.id] != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let id = box.lastAction(as: RemoveSource.self)?.id else { return }
        trunk.cancel(id: RefreshTaskID(source: id))
        service.perform(trunk) { database throws(DatabaseProblem) in
            try database.removeSource(id: id).map { CountsChanged(change: $0) }
        }
    }
}

/// ChangeSetting (accepted) → store it (when it changed anything) → the command's outcome, for a front that
/// waits for it.
struct SaveSettingsSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let action = box.lastAction(as: ChangeSetting.self), action.change.isAccepted else { return false }
        return box.isNew(keyPath: \.settings) || action.ticket != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let action = box.lastAction(as: ChangeSetting.self) else { return }
        let (key, value) = Settings.stored(action.change)
        let changed = box.isNew(keyPath: \.settings)
        service.perform(trunk, ticket: action.ticket) { database throws(DatabaseProblem) in
            if changed { try database.setSetting(key, to: value) }
            return action.ticket.map { CommandEnded(ticket: $0, outcome: .done) }
        }
    }
}
