import Foundation
import ReduxVM

/// OpenArticle / SetRead / SetStarred / MarkAllRead → write the marks → MarksSaved.
///
/// The reducers already changed both lists; the write counts what it changed, which is exact whatever the
/// lists show (articles on no visible page, or marked twice), and the counts change by that.
struct SaveMarksSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: (any MarksTag).self) && box.lastAction(is: (any MarkWriting).self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let action = box.lastAction(as: (any MarkWriting).self) else { return }
        let now = service.now
        service.perform(trunk) { database throws(DatabaseProblem) in
            let change = try action.write(to: database, at: now())
            return change.isEmpty ? nil : MarksSaved(change: change)
        }
    }
}

/// An action whose marks must reach the database.
protocol MarkWriting: Sendable {
    /// Writes the marks, dated `now` as the articles' last change; returns how the counts changed.
    func write(to database: FeedDatabase, at now: Date) throws(DatabaseProblem) -> CountChange
}

extension OpenArticle: MarkWriting {
    func write(to database: FeedDatabase, at now: Date) throws(DatabaseProblem) -> CountChange {
        try database.setRead(true, articleIDs: [id], now: now)
    }
}

extension SetRead: MarkWriting {
    func write(to database: FeedDatabase, at now: Date) throws(DatabaseProblem) -> CountChange {
        try database.setRead(isRead, articleIDs: ids, now: now)
    }
}

extension SetStarred: MarkWriting {
    func write(to database: FeedDatabase, at now: Date) throws(DatabaseProblem) -> CountChange {
        try database.setStarred(isStarred, articleIDs: [id], now: now)
    }
}

extension MarkAllRead: MarkWriting {
    func write(to database: FeedDatabase, at now: Date) throws(DatabaseProblem) -> CountChange {
        try database.markAllRead(sourceIDs: scope, tag: tag, bound: bound, now: now)
    }
}
