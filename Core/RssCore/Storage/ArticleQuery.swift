import Foundation

/// Which articles a list window shows. The parts combine: unread articles of one source matching a search, say.
struct ArticleFilter: Sendable, Equatable {
    /// The mark-based part of the filter.
    enum Status: Sendable, Equatable {
        case all, unread, starred
    }

    var status: Status
    /// Only this source's articles, when set.
    var sourceID: UUID?
    /// Only articles whose title or text match these words (each a prefix), when set and not blank.
    var searchText: String?

    init(status: Status = .all, sourceID: UUID? = nil, searchText: String? = nil) {
        self.status = status
        self.sourceID = sourceID
        self.searchText = searchText
    }
}

/// The order of a list window; ties are broken by storage order so that paging is stable.
enum ArticleSort: Sendable, Equatable {
    case newestFirst, oldestFirst
}

/// One page of a list: light rows and how many articles the whole filter matches.
struct ArticleWindow: Sendable, Equatable {
    var rows: [ArticleRow]
    var totalCount: Int
}
