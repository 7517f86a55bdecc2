import Foundation
import ReduxVM

/// TagSource / UntagSource (the source's tags changed) → store its tags.
struct SaveTagsSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let id = changedSource(box) else { return false }
        return box.state.sources[id]?.tags != box.oldState.sources[id]?.tags
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let id = changedSource(box), let tags = box.state.sources[id]?.tags else { return }
        let now = service.now
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
