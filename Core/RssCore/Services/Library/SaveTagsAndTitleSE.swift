import Foundation
import ReduxVM

/// TagSource / UntagSource (the source's tags changed) → store its tags; RenameSource (its name changed) →
/// store the name.
struct SaveTagsAndTitleSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        if let rename = box.lastAction(as: RenameSource.self) {
            return box.state.sources[rename.id]?.customTitle != box.oldState.sources[rename.id]?.customTitle
        }
        guard let id = changedSource(box) else { return false }
        return box.state.sources[id]?.tags != box.oldState.sources[id]?.tags
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        let now = service.now
        if let id = box.lastAction(as: RenameSource.self)?.id, let source = box.state.sources[id] {
            service.perform(trunk) { database throws(DatabaseProblem) in
                let existed = try database.setSourceCustomTitle(id: id, source.customTitle)
                return existed ? nil : ProblemOccurred(problem: .unknownSource(id), date: now())
            }
            return
        }
        guard let id = changedSource(box), let tags = box.state.sources[id]?.tags else { return }
        service.perform(trunk) { database throws(DatabaseProblem) in
            let existed = try database.setSourceTags(id: id, tags)
            return existed ? nil : ProblemOccurred(problem: .unknownSource(id), date: now())
        }
    }

    /// The source whose tags the last action changes, if it is a tag action.
    private func changedSource(_ box: StateBox<RssState>) -> UUID? {
        box.lastAction(as: TagSource.self)?.id ?? box.lastAction(as: UntagSource.self)?.id
    }
}
