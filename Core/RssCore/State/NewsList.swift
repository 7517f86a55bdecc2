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
    /// Only articles of the sources filed under this tag (exactly as written), when set.
    public var tag: String?
    /// Only articles this saved query selects, when set: the list shows the query (`list NAME`).
    public var query: SavedQuery?

    /// A filter; the default shows every article of every source.
    public init(
        marks: Marks = .all, sourceID: UUID? = nil, searchText: String? = nil, tag: String? = nil,
        query: SavedQuery? = nil
    ) {
        self.marks = marks
        self.sourceID = sourceID
        self.searchText = searchText
        self.tag = tag
        self.query = query
    }
}

/// The order of a list.
public enum ListSort: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Most recent first.
    case newestFirst
    /// Oldest first.
    case oldestFirst
    /// By source title (case ignored), each source's newest first.
    case source
    /// By article title (case ignored), the newest first among equal titles.
    case title
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
    let link: URL?
    /// Its author, if the feed says.
    let author: String?
    /// When it was published (or first seen, when the feed has no date).
    public let date: Date
    /// When this reader first stored it: a batch front tells what a run brought by comparing it with the run's
    /// start.
    let firstSeen: Date
    /// Whether it was read.
    public internal(set) var isRead: Bool
    /// Whether it is starred.
    public internal(set) var isStarred: Bool
    /// The other sources that carry the same story, in the order their copies were stored (while each story is
    /// shown once, see ``Settings/showsStoriesOnce``; else empty): a front shows "also in" them.
    public var otherSources: [UUID] { storyCopies ?? [] }
    /// The story the article belongs to, when other sources carry it (while each story is shown once): a mark
    /// on one copy shows on every copy in the lists.
    let story: Int64?
    /// ``otherSources``; nil in journals from before stories.
    private let storyCopies: [UUID]?

    init(
        id: UUID, sourceID: UUID, title: String, link: URL?, author: String?, date: Date, isRead: Bool,
        isStarred: Bool, firstSeen: Date? = nil, story: Int64? = nil, otherSources: [UUID] = []
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
        self.story = story
        storyCopies = otherSources.isEmpty ? nil : otherSources
    }
}

/// One news list: its filter, order, current page and the rows on it.
public struct NewsList: Sendable, Equatable {
    /// Which articles it shows.
    public internal(set) var filter = ListFilter()
    /// In which order.
    var sort = ListSort.newestFirst
    /// The page shown, from 0: the page the last read returned.
    public internal(set) var page = 0
    /// The rows of that page.
    public internal(set) var rows: [ArticleRow] = []
    /// How many articles match the filter in all, or at least, when ``isTotalCapped``.
    public internal(set) var totalCount = 0
    /// Whether more articles match than ``totalCount``: a search stops counting at 10,000 (fronts show
    /// "10,000+"); paging further counts further.
    public internal(set) var isTotalCapped = false
    /// True while the page is being read from the database.
    public internal(set) var isLoading = false
    /// Bumped by every change that needs a reload, so that a late result for an older query is ignored.
    var generation = 0
    /// Which page the pending read is to show.
    var pageRequest = PageRequest.same

    /// The number of pages for `pageSize`.
    public func pageCount(pageSize: Int) -> Int {
        max(1, (totalCount + pageSize - 1) / max(1, pageSize))
    }

    /// Asks for a reload: of the first page (the filter or order changed), else of the page shown.
    mutating func reload(resettingPage: Bool) {
        reload(resettingPage ? .first : .same)
    }

    /// Asks for a read of the page `request` names.
    mutating func reload(_ request: PageRequest) {
        pageRequest = request
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

/// Which page a list's read shows, resolved by the read itself against the page the list's previous read
/// returned and the page count in its own snapshot.
///
/// The reducers cannot resolve a move: while a read is pending they do not know where the list will stand,
/// nor how many pages it will have once the marks written in between are counted. Reads run in order in the
/// database lane, so each one knows where the previous one left the list, exactly as if every action had
/// waited for the one before.
enum PageRequest: Sendable, Equatable {
    /// The first page.
    case first
    /// The page the previous read showed.
    case same
    /// A move from the page the previous read showed.
    case move(ShowPage.Move)

    /// The page asked for, from the page the previous read showed (not yet clamped to the last page).
    func page(after previous: Int) -> Int {
        switch self {
        case .first: 0
        case .same: previous
        case .move(.next): previous + 1
        case .move(.previous): max(0, previous - 1)
        case .move(.number(let page)): max(0, page)
        }
    }
}
