import Foundation
import ReduxVM

/// SetSourceFullText (a source followed) → store the flag; turned on, its newest articles without a full
/// text become due → FetchFullText of them.
struct SaveSourceFullTextSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let change = box.lastAction(as: SetSourceFullText.self) else { return false }
        return box.oldState.sources[change.id] != nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: FullTextService) {
        guard let change = box.lastAction(as: SetSourceFullText.self) else { return }
        let now = service.now
        DatabaseLane.run(trunk, database: service.database, now: now) { database throws(DatabaseProblem) in
            let date = now()
            guard
                try database.setSourceFullText(
                    id: change.id, change.isOn, newest: FullTextService.newestOnTurningOn, at: date)
            else {
                return ProblemOccurred(problem: .unknownSource(change.id), date: date)
            }
            guard change.isOn else { return nil }
            let due = try database.dueFullTexts(sourceID: change.id, at: date, limit: FullTextService.newestOnTurningOn)
            return due.isEmpty ? nil : FetchFullText(articles: due, mode: .due)
        }
    }
}

/// SourceFetched of a full-text source (fetched or unchanged, and stored) → the articles due for their page's
/// text (the new ones, and those whose last problem may have passed) → FetchFullText of them, in the
/// background: the refresh's outcome is already out.
struct FullTextAfterRefreshSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        guard let fetched = box.lastAction(as: SourceFetched.self),
            box.state.sources[fetched.id]?.isFullText == true
        else { return false }
        let outcome = fetched.outcome
        return outcome.skippedUntil == nil && outcome.storageProblem == nil && outcome.status.lastError == nil
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: FullTextService) {
        guard let source = box.lastAction(as: SourceFetched.self)?.id else { return }
        let now = service.now
        DatabaseLane.run(trunk, database: service.database, now: now) { database throws(DatabaseProblem) in
            let due = try database.dueFullTexts(sourceID: source, at: now(), limit: FullTextService.duePerRefresh)
            return due.isEmpty ? nil : FetchFullText(articles: due, mode: .due)
        }
    }
}

/// FetchFullText → one tracked task: each article's page fetched, extracted and stored → FullTextFetched each.
struct FetchFullTextSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: FetchFullText.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: FullTextService) {
        guard let request = box.lastAction(as: FetchFullText.self) else { return }
        let id = UUID()
        service.running.withLock { _ = $0.insert(id) }
        trunk.run(id: FullTextTaskID(request: id)) { trunk in
            defer { service.running.withLock { _ = $0.remove(id) } }
            await service.fetch(request) { outcome in trunk.dispatch(outcome) }
        }
    }
}

/// CancelRefresh → the page fetches under way end too; those not fetched yet count as cancelled.
struct CancelFullTextSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: CancelRefresh.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: FullTextService) {
        for id in service.running.withLock({ $0 }) {
            trunk.cancel(id: FullTextTaskID(request: id))
        }
    }
}
