import Foundation
import RssCore
import ServeCore

/// Which items `?api&items` asks for: at most ``pageSize``, chosen by `with_ids`, `max_id` or `since_id`
/// (the first of them given, in that order; apps send one), within `feed_ids` and `group_ids` when given
/// (undocumented; FreshRSS, tt-rss and The Arsse read them).
struct FeverItemSelection: Equatable, Sendable {
    /// Which page.
    enum Page: Equatable, Sendable {
        /// `since_id=N`: ids above N, lowest first (also `since_id=0`, `since_id=` and no selector at all: from
        /// the lowest id). Apps page on with the last id of each answer.
        case after(Int64)
        /// `max_id=N`: ids below N, highest first; nil (`max_id=0` or empty) from the highest id.
        case below(Int64?)
        /// `with_ids=a,b,c`: those items (the first ``pageSize`` ids), in the order asked.
        case ids([Int64])
    }

    /// Items in one answer, as in Fever and every server since.
    static let pageSize = 50

    var page: Page = .after(0)
    /// `feed_ids`: only these feeds' items; nil for any.
    var feeds: [Int64]?
    /// `group_ids`: only these groups' items; nil for any.
    var groups: [Int64]?

    init(page: Page = .after(0), feeds: [Int64]? = nil, groups: [Int64]? = nil) {
        self.page = page
        self.feeds = feeds
        self.groups = groups
    }

    init(_ parameters: FeverParameters) {
        if let ids = parameters["with_ids"] {
            page = .ids(Array(FeverNumber.list(ids).prefix(Self.pageSize)))
        } else if let max = parameters["max_id"] {
            page = .below(FeverNumber.natural(max).flatMap { $0 > 0 ? $0 : nil })
        } else {
            page = .after(parameters["since_id"].flatMap(FeverNumber.natural) ?? 0)
        }
        feeds = parameters["feed_ids"].map(FeverNumber.list)
        groups = parameters["group_ids"].map(FeverNumber.list)
    }

    /// The query that reads the page with the articles' text, within `sources` (nil: every source).
    func query(sources: Set<UUID>?) -> ArticleQuery {
        var query = ArticleQuery(sourceIDs: sources, limit: Self.pageSize, includesBody: true)
        switch page {
        case .after(let number):
            query.numbersAbove = number
            query.order = .lowestNumberFirst
        case .below(let number):
            query.numbersBelow = number
            query.order = .highestNumberFirst
        case .ids(let numbers):
            query.numbers = Set(numbers)
            query.order = .lowestNumberFirst
        }
        return query
    }
}
