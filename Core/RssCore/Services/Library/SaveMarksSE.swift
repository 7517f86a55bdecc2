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
        let storiesOnce = box.state.settings.showsStoriesOnce
        service.perform(trunk) { database throws(DatabaseProblem) in
            let change = try action.write(to: database, at: now(), everyCopy: storiesOnce)
            return change.isEmpty ? nil : MarksSaved(change: change)
        }
    }
}

/// An action whose marks must reach the database.
protocol MarkWriting: Sendable {
    /// Writes the marks, dated `now` as the articles' last change, on every copy of their stories when
    /// `everyCopy` (each story shown once); returns how the counts changed.
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange
}

extension OpenArticle: MarkWriting {
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setRead(true, articleIDs: [id], now: now, everyCopy: everyCopy)
    }
}

extension SetRead: MarkWriting {
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setRead(isRead, articleIDs: ids, now: now, everyCopy: everyCopy)
    }
}

extension SetStarred: MarkWriting {
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setStarred(isStarred, articleIDs: [id], now: now, everyCopy: everyCopy)
    }
}

extension MarkAllRead: MarkWriting {
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.markAllRead(sourceIDs: scope, tag: tag, bound: bound, now: now, everyCopy: everyCopy)
    }
}
