import Foundation
import RssCore

/// What a list page shows: which marks (unread, starred, all), of what (one source, one tag, a saved query, a
/// search, or everything), in which order, from where. It is read from the page's address and written back
/// into the links of the page, so that every page of a list (and the article pages opened from it) keeps it.
struct ListSelection: Sendable, Equatable {
    /// The three lists.
    enum Marks: String, Sendable, CaseIterable {
        case unread, starred, all
    }

    var marks: Marks = .unread
    /// One source's articles.
    var source: UUID?
    /// The articles of the sources filed under a tag.
    var tag: String?
    /// The articles a saved query selects (its name).
    var saved: String?
    /// The articles whose words match a search.
    var search: String?
    /// Oldest first rather than newest first.
    var oldestFirst = false

    /// The selection an address names, against the library's `state`: a source, tag or saved query the
    /// library does not have is nil (the caller answers 404, the same as for a page that never existed).
    init?(marks: Marks, parameters: [String: String], state: RssState) {
        self.marks = marks
        if let text = parameters["source"] {
            guard let id = UUID(uuidString: text), state.sources[id] != nil else { return nil }
            source = id
        }
        if let text = parameters["tag"], !text.isEmpty {
            guard state.sources.tags.contains(text) else { return nil }
            tag = text
        }
        if let text = parameters["saved"], !text.isEmpty {
            guard state.rules.queries.contains(where: { $0.name == text }) else { return nil }
            saved = text
        }
        if let text = parameters["q"] {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            search = trimmed.isEmpty ? nil : String(trimmed.prefix(Self.searchLength))
        }
        oldestFirst = parameters["order"] == "oldest"
    }

    /// The unread articles of everything, newest first.
    init(marks: Marks = .unread) {
        self.marks = marks
    }

    /// The longest search kept.
    static let searchLength = 500

    /// The query of the articles this selection shows, `limit` of them after `after`; `reversed` asks for
    /// those before it instead (a page of newer articles), in the opposite order.
    func query(state: RssState, limit: Int, after: ArticleSnapshot.Position? = nil, reversed: Bool = false) -> ArticleQuery {
        let newestFirst = oldestFirst == reversed
        var query = ArticleQuery(
            sourceIDs: source.map { [$0] }, tags: tag.map { [$0] },
            isRead: marks == .unread ? false : nil, isStarred: marks == .starred ? true : nil,
            searchText: search, order: newestFirst ? .newestFirst : .oldestFirst, limit: limit, after: after)
        if let saved, let filter = state.rules.queries.first(where: { $0.name == saved })?.filter {
            query.filter = filter
        }
        return query
    }

    /// The parameters that say this selection in an address (the list's kind is in the path).
    var parameters: [(String, String?)] {
        [
            ("source", source?.uuidString), ("tag", tag), ("saved", saved), ("q", search),
            ("order", oldestFirst ? "oldest" : nil),
        ]
    }

    /// The parameters that say this selection, its kind included: what a page outside the list (an article,
    /// a form's target) carries to know the list it came from.
    var contextParameters: [(String, String?)] { [("list", marks.rawValue)] + parameters }

    /// The selection a page outside the list names in its ``contextParameters``: nil when it names none, or
    /// one the library does not have.
    init?(context parameters: [String: String], state: RssState) {
        guard let marks = parameters["list"].flatMap(Marks.init(rawValue:)) else { return nil }
        self.init(marks: marks, parameters: parameters, state: state)
    }

    /// The address of this selection's first page.
    var link: WebLink { WebLink(path: WebPath.list(marks), query: parameters) }

    /// The same selection with other marks.
    func with(marks: Marks) -> ListSelection {
        var copy = self
        copy.marks = marks
        return copy
    }

    /// What the page is called: `Unread`, `Starred: Swift`, `All: search "actor"`.
    func title(in state: RssState) -> String {
        var title = marks.title
        if let source, let found = state.sources[source] { title += ": " + found.title }
        if let tag { title += ": " + tag }
        if let saved { title += ": " + saved }
        if let search { title += ": search \u{201C}\(search)\u{201D}" }
        return title
    }
}

extension ListSelection.Marks {
    /// The list's name on the page.
    var title: String {
        switch self {
        case .unread: "Unread"
        case .starred: "Starred"
        case .all: "All articles"
        }
    }
}
