import Foundation
public import ReduxVM

/// Shows all, unread or starred articles in a list (keeping its source and search), from the first page.
public struct ShowMarks: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ShowMarks"
    /// The list to change.
    let list: ListID
    /// Which marks to show.
    let marks: ListFilter.Marks

    /// Filters `list` to `marks`.
    public init(list: ListID, marks: ListFilter.Marks) {
        self.list = list
        self.marks = marks
    }

    /// Changes the filter; the list reloads.
    public func updateState(_ state: inout RssState) {
        state.lists[list].filter.marks = marks
        state.lists[list].reload(resettingPage: true)
    }
}

/// Limits a list to one source, or (with nil) shows every source again.
///
/// Not public: every front limits a list to a source with ``FilterList``, which sets marks and source in one
/// read. It stays, registered in ``RssJournal``, so that journals that recorded it still replay.
struct ShowSource: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ShowSource"
    /// The list to change.
    let list: ListID
    /// The source, or nil for all.
    let sourceID: UUID?

    /// Limits `list` to `sourceID`.
    init(list: ListID, sourceID: UUID?) {
        self.list = list
        self.sourceID = sourceID
    }

    /// Changes the filter; the list reloads.
    public func updateState(_ state: inout RssState) {
        state.lists[list].filter.sourceID = sourceID
        state.lists[list].reload(resettingPage: true)
    }
}

/// Shows the articles matching a full-text search of titles and bodies, or clears the search with nil or a
/// blank text.
///
/// The text is read as words, not as a query language: every word must occur in the title or the body, each
/// as a whole word or the start of one (`swift conc` finds "Swift concurrency"), case and accents ignored;
/// quotes, `*`, `-`, `OR` and the like are ordinary characters, and words with no letter or digit are ignored.
public struct SearchArticles: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SearchArticles"
    /// The list to change.
    let list: ListID
    /// The words to look for.
    let text: String?

    /// Searches `list` for `text`.
    public init(list: ListID, text: String?) {
        self.list = list
        self.text = text
    }

    /// Changes the filter; the list reloads.
    public func updateState(_ state: inout RssState) {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines)
        state.lists[list].filter.searchText = (trimmed?.isEmpty ?? true) ? nil : trimmed
        state.lists[list].reload(resettingPage: true)
    }
}

/// Shows a list through a whole new filter (marks, source and search at once), from the first page.
///
/// One intent, one reload: a front that changes marks and source together (`list unread Daring Fireball`)
/// dispatches this once, where ``ShowMarks`` then an action for the source would read the list twice.
public struct FilterList: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.FilterList"
    /// The list to change.
    let list: ListID
    /// The filter to show; a blank search text clears the search, as in ``SearchArticles``.
    let filter: ListFilter

    /// Shows `list` through `filter`.
    public init(list: ListID, filter: ListFilter) {
        self.list = list
        self.filter = filter
    }

    /// Replaces the filter; the list reloads once, from its first page.
    public func updateState(_ state: inout RssState) {
        var filter = self.filter
        let trimmed = filter.searchText?.trimmingCharacters(in: .whitespacesAndNewlines)
        filter.searchText = (trimmed?.isEmpty ?? true) ? nil : trimmed
        state.lists[list].filter = filter
        state.lists[list].reload(resettingPage: true)
    }
}

/// Sets a list's order.
public struct SortList: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SortList"
    /// The list to change.
    let list: ListID
    /// The order.
    let sort: ListSort

    /// Sorts `list` by `sort`.
    public init(list: ListID, sort: ListSort) {
        self.list = list
        self.sort = sort
    }

    /// Changes the order; the list reloads from its first page.
    public func updateState(_ state: inout RssState) {
        state.lists[list].sort = sort
        state.lists[list].reload(resettingPage: true)
    }
}

/// Moves a list to another page; a page past the last shows the last, one before the first the first.
public struct ShowPage: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ShowPage"
    /// How to move.
    public enum Move: Sendable, Equatable, Codable {
        /// The next page.
        case next
        /// The previous page.
        case previous
        /// A page by number, from 0.
        case number(Int)
    }

    /// The list to move.
    let list: ListID
    /// Where to.
    let move: Move

    /// Moves `list` by `move`.
    public init(list: ListID, move: Move) {
        self.list = list
        self.move = move
    }

    /// Asks for a read of the page the move leads to; the read resolves it.
    ///
    /// The move is made from the page the list's previous read showed, and a page past the last shows the
    /// last, both decided by the read: the page count the reducer last saw may be out of date (a filter
    /// changed just before, marks written since), and a move decided on it would end elsewhere than the same
    /// move made once the list had loaded. So every move reads the list again, even one that stays put.
    public func updateState(_ state: inout RssState) {
        state.lists[list].reload(.move(move))
    }
}

/// Makes the other list the active one.
public struct SwitchList: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SwitchList"
    /// Switches lists.
    public init() {}

    /// Flips the active list.
    public func updateState(_ state: inout RssState) {
        state.lists.active = state.lists.active == .first ? .second : .first
    }
}

/// A page of a list, read from the database: the page asked for, or the last one when the list has fewer
/// pages now (read in the same snapshot).
struct ListLoaded: JournaledAction, ListsTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.ListLoaded"
    let list: ListID
    let generation: Int
    let page: Int
    let rows: [ArticleRow]
    let totalCount: Int
    /// Whether more articles match than `totalCount` (a search stops counting); optional, so that journals
    /// written before it read as not capped.
    var isTotalCapped: Bool? = nil

    func updateState(_ state: inout RssState) {
        guard state.lists[list].generation == generation else { return }
        var rows = self.rows
        for change in state.pendingMarks.changes(since: list, generation: generation) {
            for index in rows.indices { change.apply(to: &rows[index]) }
        }
        state.lists[list].page = page
        state.lists[list].rows = rows
        state.lists[list].totalCount = totalCount
        state.lists[list].isTotalCapped = isTotalCapped ?? false
        state.lists[list].isLoading = false
        state.pendingMarks.prune(state)
    }
}
