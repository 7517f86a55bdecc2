public import Foundation

/// Which articles to read, for programs that read without a news list: a batch report, an export, a sync
/// server, an embedding app's own screens.
///
/// Every part is optional and the parts combine (unread articles of two sources matching a search, since
/// yesterday); the whole query is evaluated in SQL, on the same indexes the news lists use. Reading with a
/// query changes nothing: no list, no setting, no mark.
///
/// ```swift
/// var query = ArticleQuery(isRead: false)
/// query.limit = 50
/// let firstUnread = try await store.articles(query)
/// ```
public struct ArticleQuery: Sendable, Equatable, Hashable {
    /// The orders a query reads in, which ``after`` pages through: by date, or by number, the order articles
    /// were stored in, which a sync client that asks for "the articles after the last one I have" reads. (The
    /// news lists can also be sorted by source or title, see ``ListSort``, and page by position.)
    public enum Order: String, Sendable, Equatable, Hashable, CaseIterable {
        /// Most recent first.
        case newestFirst
        /// Oldest first.
        case oldestFirst
        /// The lowest ``ArticleSnapshot/number`` first: the first stored first.
        case lowestNumberFirst
        /// The highest ``ArticleSnapshot/number`` first: the last stored first.
        case highestNumberFirst

        /// Whether it is by date (else by number).
        var isByDate: Bool { self == .newestFirst || self == .oldestFirst }

        /// The same key, the other way round.
        var reversed: Order {
            switch self {
            case .newestFirst: .oldestFirst
            case .oldestFirst: .newestFirst
            case .lowestNumberFirst: .highestNumberFirst
            case .highestNumberFirst: .lowestNumberFirst
            }
        }
    }

    /// Only these sources' articles; nil for every source.
    public var sourceIDs: Set<UUID>?
    /// Only these articles, by ``ArticleSnapshot/number``: what a program that names articles by number (a
    /// sync server's clients) asks for; nil for any article.
    public var numbers: Set<Int64>?
    /// Only articles of sources filed under at least one of these tags (exact, case-sensitive); nil for any.
    public var tags: Set<String>?
    /// Only read (true) or unread (false) articles; nil for both.
    public var isRead: Bool?
    /// Only starred (true) or unstarred (false) articles; nil for both.
    public var isStarred: Bool?
    /// Only articles dated at or after this time (the date lists sort by: published, else updated, else first
    /// seen).
    public var since: Date?
    /// Only articles dated before this time.
    public var before: Date?
    /// Only articles this reader stored at or after this time (``ArticleSnapshot/firstSeen``): what a sync
    /// client that last looked then has not seen.
    public var storedSince: Date?
    /// Only articles this reader stored before this time.
    public var storedBefore: Date?
    /// Only articles that changed at or after this time (``ArticleSnapshot/changed``: stored, re-fetched with
    /// new text, or marked).
    public var changedSince: Date?
    /// Only articles that last changed before this time.
    public var changedBefore: Date?
    /// Only articles whose ``ArticleSnapshot/number`` is greater than this.
    public var numbersAbove: Int64?
    /// Only articles whose ``ArticleSnapshot/number`` is less than this.
    public var numbersBelow: Int64?
    /// Only articles matching this text in their title or body, read as the news lists' search reads it:
    /// every word must occur, each as a word or the start of one, case and accents ignored
    /// (`swift conc` finds "Swift concurrency"); punctuation is not syntax. Blank means no search.
    public var searchText: String?
    /// The order of the result; ties are broken by the order articles were stored, so pages are stable.
    public var order: Order
    /// At most this many articles per source: each source's newest (by date, or for an order by number its
    /// highest numbered), whatever ``order`` says.
    public var limitPerSource: Int?
    /// At most this many articles in all, the first in ``order``.
    public var limit: Int?
    /// Only articles after this one in ``order``: the ``ArticleSnapshot/position`` of the last article of the
    /// previous page, to read a long result a page at a time. A position holds the article's date and its
    /// ``ArticleSnapshot/number``, and the orders by date break ties by number, so paging neither skips nor
    /// repeats an article, however many share a date.
    public var after: ArticleSnapshot.Position?
    /// Whether snapshots carry the articles' text (``ArticleSnapshot/body``); without it they are light.
    public var includesBody: Bool
    /// Only articles this filter-language expression selects (`unread and title contains swift`); nil for
    /// any. Evaluated in SQL with the rest of the query; `age` is measured from ``ArticleFilter/now``, else
    /// from when the query runs.
    public var filter: ArticleFilter?
    /// Whether a story several sources carry comes once (see ``Settings/showsStoriesOnce``): set from the
    /// setting by the store when it runs the query, not by its caller.
    var showsStoriesOnce = false

    /// Every public part; ``showsStoriesOnce`` is the store's, never kept with a query.
    private enum CodingKeys: String, CodingKey {
        case sourceIDs, numbers, tags, isRead, isStarred, since, before, storedSince, storedBefore, changedSince
        case changedBefore, numbersAbove, numbersBelow, searchText, order, limitPerSource, limit, after
        case includesBody, filter
    }

    /// A query; the default reads every article, newest first, without text.
    public init(
        sourceIDs: Set<UUID>? = nil, tags: Set<String>? = nil, isRead: Bool? = nil, isStarred: Bool? = nil,
        since: Date? = nil, before: Date? = nil, searchText: String? = nil, order: Order = .newestFirst,
        limitPerSource: Int? = nil, limit: Int? = nil, after: ArticleSnapshot.Position? = nil,
        includesBody: Bool = false, numbers: Set<Int64>? = nil
    ) {
        self.sourceIDs = sourceIDs
        self.numbers = numbers
        self.tags = tags
        self.isRead = isRead
        self.isStarred = isStarred
        self.since = since
        self.before = before
        self.searchText = searchText
        self.order = order
        self.limitPerSource = limitPerSource
        self.limit = limit
        self.after = after
        self.includesBody = includesBody
    }
}

extension ArticleQuery {
    /// The query with ``showsStoriesOnce`` set to `once`.
    func showingStoriesOnce(_ once: Bool) -> ArticleQuery {
        var query = self
        query.showsStoriesOnce = once
        return query
    }
}
