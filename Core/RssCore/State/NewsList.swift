public import Foundation

/// Which of the two news lists.
public enum ListID: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The first list.
    case first
    /// The second list.
    case second
}

/// Which articles a list shows.
public struct ListFilter: Sendable, Equatable, Hashable, Codable {
    /// Which marks an article must have.
    public enum Marks: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// Every article.
        case all
        /// Articles not read yet.
        case unread
        /// Starred articles.
        case starred
    }

    /// Which marks to show.
    public var marks: Marks
    /// Only this source's articles, when set.
    public var sourceID: UUID?
    /// Only articles matching this full-text query, when set.
    public var searchText: String?

    /// A filter; the default shows every article of every source.
    public init(marks: Marks = .all, sourceID: UUID? = nil, searchText: String? = nil) {
        self.marks = marks
        self.sourceID = sourceID
        self.searchText = searchText
    }
}

/// The order of a list.
public enum ListSort: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Most recent first.
    case newestFirst
    /// Oldest first.
    case oldestFirst
}

/// One line of a news list: what a list shows of an article, without its content.
public struct ArticleRow: Sendable, Equatable, Identifiable, Codable {
    /// The article's identifier (the one routing uses).
    public let id: UUID
    /// The source it came from.
    public let sourceID: UUID
    /// Its title (already stripped of markup).
    public let title: String
    /// Its link, if any.
    public let link: URL?
    /// Its author, if the feed says.
    public let author: String?
    /// When it was published (or first seen, when the feed has no date).
    public let date: Date
    /// When this reader first stored it: a batch front tells what a run brought by comparing it with the run's
    /// start.
    public let firstSeen: Date
    /// Whether it was read.
    public internal(set) var isRead: Bool
    /// Whether it is starred.
    public internal(set) var isStarred: Bool

    init(
        id: UUID, sourceID: UUID, title: String, link: URL?, author: String?, date: Date, isRead: Bool,
        isStarred: Bool, firstSeen: Date? = nil
    ) {
        self.id = id
        self.sourceID = sourceID
        self.title = title
        self.link = link
        self.author = author
        self.date = date
        self.firstSeen = firstSeen ?? date
        self.isRead = isRead
        self.isStarred = isStarred
    }
}

/// One news list: its filter, order, current page and the rows on it.
public struct NewsList: Sendable, Equatable {
    /// Which articles it shows.
    public internal(set) var filter = ListFilter()
    /// In which order.
    public internal(set) var sort = ListSort.newestFirst
    /// The page shown, from 0.
    public internal(set) var page = 0
    /// The rows of that page.
    public internal(set) var rows: [ArticleRow] = []
    /// How many articles match the filter in all.
    public internal(set) var totalCount = 0
    /// True while the page is being read from the database.
    public internal(set) var isLoading = false
    /// Bumped by every change that needs a reload, so that a late result for an older query is ignored.
    public internal(set) var generation = 0

    /// The number of pages for `pageSize`.
    public func pageCount(pageSize: Int) -> Int {
        max(1, (totalCount + pageSize - 1) / max(1, pageSize))
    }

    /// Changes what the list shows and asks for a reload.
    mutating func reload(resettingPage: Bool) {
        if resettingPage { page = 0 }
        isLoading = true
        generation += 1
    }

    mutating func updateRows(_ ids: Set<UUID>, _ change: (inout ArticleRow) -> Void) {
        for index in rows.indices where ids.contains(rows[index].id) {
            change(&rows[index])
        }
    }
}

/// The two independent news lists, and which one a front shows.
public struct NewsListsState: Sendable, Equatable {
    /// The first list.
    public internal(set) var first = NewsList()
    /// The second list.
    public internal(set) var second = NewsList()
    /// The list a front shows now (`switch` flips it).
    public internal(set) var active = ListID.first

    /// The list `id`.
    public internal(set) subscript(id: ListID) -> NewsList {
        get { id == .first ? first : second }
        set {
            if id == .first { first = newValue } else { second = newValue }
        }
    }

    /// Applies `change` to the rows with these ids in both lists, so that both show a mark at once.
    mutating func updateRows(_ ids: Set<UUID>, _ change: (inout ArticleRow) -> Void) {
        first.updateRows(ids, change)
        second.updateRows(ids, change)
    }

    /// Asks both lists to reload (after new articles arrived or sources changed).
    mutating func reloadAll() {
        first.reload(resettingPage: false)
        second.reload(resettingPage: false)
    }
}
