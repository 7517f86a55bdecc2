import ReduxVM

/// CreateTag / RenameTag / DeleteTag → the tag registry and every source's tags, in one transaction each.
struct SaveTagRegistrySE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: CreateTag.self) || box.lastAction(is: RenameTag.self) || box.lastAction(is: DeleteTag.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        if let create = box.lastAction(as: CreateTag.self) {
            guard let name = TagName.normalized(create.name) else { return }
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.keepTag(name)
                return nil
            }
        } else if let rename = box.lastAction(as: RenameTag.self) {
            guard let new = rename.newName else { return }
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.renameTag(rename.from, to: new)
                return nil
            }
        } else if let delete = box.lastAction(as: DeleteTag.self) {
            service.perform(trunk) { database throws(DatabaseProblem) in
                try database.deleteTag(delete.name)
                return nil
            }
        }
    }
}
