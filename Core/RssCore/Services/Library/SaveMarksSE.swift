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
        let ticket = action.marksTicket
        service.perform(trunk, ticket: ticket) { database throws(DatabaseProblem) in
            let change = try action.write(to: database, at: now(), everyCopy: storiesOnce)
            // Nothing changed: nothing to apply, unless a front waits for the command.
            return change.isEmpty && ticket == nil ? nil : MarksSaved(change: change, ticket: ticket)
        }
    }
}

/// An action whose marks must reach the database.
protocol MarkWriting: Sendable {
    /// The command's ticket, when a front waits for the marks to be stored.
    var marksTicket: CommandTicket? { get }

    /// Writes the marks, dated `now` as the articles' last change, on every copy of their stories when
    /// `everyCopy` (each story shown once); returns how the counts changed.
    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange
}

extension OpenArticle: MarkWriting {
    /// Its ticket is for the article's loading, not its mark.
    var marksTicket: CommandTicket? { nil }

    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setRead(true, articleIDs: [id], now: now, everyCopy: everyCopy)
    }
}

extension SetRead: MarkWriting {
    var marksTicket: CommandTicket? { ticket }

    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setRead(isRead, articleIDs: ids, now: now, everyCopy: everyCopy)
    }
}

extension SetStarred: MarkWriting {
    var marksTicket: CommandTicket? { ticket }

    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.setStarred(isStarred, articleIDs: [id], now: now, everyCopy: everyCopy)
    }
}

extension MarkAllRead: MarkWriting {
    var marksTicket: CommandTicket? { ticket }

    func write(to database: FeedDatabase, at now: Date, everyCopy: Bool) throws(DatabaseProblem) -> CountChange {
        try database.markAllRead(sourceIDs: scope, tag: tag, bound: bound, now: now, everyCopy: everyCopy)
    }
}
