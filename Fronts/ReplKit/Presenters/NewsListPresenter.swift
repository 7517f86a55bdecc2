import Foundation
import FrontKit
import ReduxVM
import RssCore

/// The active news list as the view prints it: a heading and numbered rows.
struct NewsListProps: Equatable, Sendable {
    struct Row: Equatable, Sendable {
        let number: Int
        let id: UUID
        let title: String
        let source: String
        let date: Date
        let isRead: Bool
        let isStarred: Bool
        /// How many other sources carry the same story.
        var alsoIn = 0
    }

    let heading: String
    let rows: [Row]
    let isLoading: Bool
    let page: Int
    let pageCount: Int
}

/// Maps the active list (rows, filter, page) and the source titles to props; marks made anywhere show here
/// because the rows of both lists change in the same reducer.
struct NewsListPresenter: Presenter {
    /// The tags decide first, so that a refresh's progress or a notice costs no comparison of the rows;
    /// sources matter for the titles the rows show.
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard
            box.lastAction(is: (any ListsTag).self) || box.lastAction(is: (any MarksTag).self)
                || box.lastAction(is: (any SourcesTag).self) || box.lastAction(is: (any RulesTag).self)
        else { return .none }
        return box.isNew(keyPath: \.lists) || box.isNew(keyPath: \.sources.all) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> NewsListProps? {
        let state = box.state
        let list = state.lists[state.lists.active]
        let pageSize = state.settings.pageSize
        let titles = Dictionary(state.sources.all.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let rows = list.rows.enumerated().map { index, row in
            NewsListProps.Row(
                number: list.page * pageSize + index + 1, id: row.id, title: UserMessage.line(row.title),
                source: UserMessage.line(titles[row.sourceID] ?? "?"), date: row.date, isRead: row.isRead,
                isStarred: row.isStarred, alsoIn: row.otherSources.count)
        }
        return NewsListProps(
            heading: heading(list, active: state.lists.active, sources: state.sources, pageSize: pageSize),
            rows: rows, isLoading: list.isLoading, page: list.page, pageCount: list.pageCount(pageSize: pageSize))
    }

    private func heading(_ list: NewsList, active: ListID, sources: SourcesState, pageSize: Int) -> String {
        var what = "\(list.filter.marks.rawValue) articles"
        if let id = list.filter.sourceID { what += " of " + UserMessage.line(sources[id]?.title ?? "?") }
        if let tag = list.filter.tag { what += " of #" + UserMessage.line(tag) }
        if let search = list.filter.searchText { what += " matching “\(UserMessage.line(search))”" }
        if let query = list.filter.query { what += " of query \(UserMessage.line(query.name))" }
        let name = active == .first ? "list 1" : "list 2"
        let count =
            list.isTotalCapped
            ? "\(Self.grouped(list.totalCount))+ articles"
            : "\(list.totalCount) article\(list.totalCount == 1 ? "" : "s")"
        let pages = "\(list.pageCount(pageSize: pageSize))\(list.isTotalCapped ? "+" : "")"
        return "\(name): \(what), page \(list.page + 1) of \(pages) (\(count))"
    }

    /// `10000` as "10,000", the same in every locale.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: index))
            index -= 3
        }
        return digits
    }
}
