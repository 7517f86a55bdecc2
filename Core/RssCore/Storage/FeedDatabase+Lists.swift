import Foundation
import GRDB

/// List windows, counts and single articles: the read side the news lists and the prompt use.
///
/// Every filter maps to an index (see `FeedSchema` and ``ArticleSQL``): a page walks the index in date order
/// and stops after `limit + offset` rows; the count is read from the maintained counts (see
/// `FeedSchema.createArticleCounts`). Search goes through the FTS5 index first.
extension FeedDatabase {
    /// `limit` light rows for `filter` in `sort` order from `offset`, and the total the filter matches, from
    /// one snapshot.
    ///
    /// `showingStoriesOnce` shows a story several sources carry once (``Settings/showsStoriesOnce``).
    func listArticles(
        _ filter: ListFilter, sort: ListSort = .newestFirst, limit: Int, offset: Int = 0,
        showingStoriesOnce: Bool = false
    ) throws(DatabaseProblem) -> ArticleWindow {
        try window(filter, sort: sort, reach: max(0, limit) + max(0, offset), storiesOnce: showingStoriesOnce) { _ in
            (limit, offset)
        }
    }

    /// Page `page` of `filter` in `sort` order, `pageSize` rows a page; a page past the last is read as the
    /// last, in the same snapshot, so a list never needs a second read to find where it ends. Without
    /// `readingRows`, only where the page falls is worked out.
    func listPage(
        _ filter: ListFilter, sort: ListSort, page: Int, pageSize: Int, readingRows: Bool = true,
        showingStoriesOnce: Bool = false
    ) throws(DatabaseProblem) -> ArticleWindow {
        let size = max(1, pageSize)
        return try window(filter, sort: sort, reach: (max(0, page) + 1) * size, storiesOnce: showingStoriesOnce) { total in
            let last = max(0, (total - 1) / size)
            return (readingRows ? size : 0, min(max(0, page), last) * size)
        }
    }

    /// The window `bounds` chooses once the total is known (limit, offset), read in one snapshot; `reach` is
    /// how many rows the request reaches, so that a search counts at least that far.
    private func window(
        _ filter: ListFilter, sort: ListSort, reach: Int, storiesOnce: Bool,
        bounds: @escaping (_ total: Int) -> (limit: Int, offset: Int)
    ) throws(DatabaseProblem) -> ArticleWindow {
        var articleQuery = ArticleQuery(filter)
        articleQuery.showsStoriesOnce = storiesOnce
        guard let query = ArticleSQL(articleQuery) else { return ArticleWindow(rows: [], totalCount: 0) }
        let columns = ArticleRow.columns(showingStoriesOnce: storiesOnce)
        return try read(.readArticles) { db in
            if query.searchKeysSelect != nil {
                var search = query
                try search.expandSearch(db)
                return try Self.searchWindow(search, sort: sort, reach: reach, columns: columns, bounds: bounds, db)
            }
            let total = try Int.fetchOne(db, sql: query.countSQL, arguments: query.countArguments) ?? 0
            let (limit, offset) = bounds(total)
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(columns) \(query.fromWhere) \(ArticleSQL.orderBy(sort)) LIMIT ? OFFSET ?",
                arguments: query.arguments + [max(0, limit), max(0, offset)])
            return ArticleWindow(
                rows: rows.map(ArticleRow.init(row:)), totalCount: total, offset: max(0, offset))
        }
    }

    /// A search's window: in a date order, read from the index in its key order (``SearchWindow``); in another
    /// order, every match is sorted. Either way the count stops at ``SearchWindow/countCap`` (or `reach`).
    private static func searchWindow(
        _ query: ArticleSQL, sort: ListSort, reach: Int, columns: String,
        bounds: (_ total: Int) -> (limit: Int, offset: Int), _ db: Database
    ) throws -> ArticleWindow {
        let cap = max(SearchWindow.countCap, reach)
        let dateOrder: ArticleQuery.Order? =
            switch sort {
            case .newestFirst: .newestFirst
            case .oldestFirst: .oldestFirst
            case .source, .title: nil
            }
        var chosen = (limit: 0, offset: 0)
        let found = try SearchWindow.read(
            query, order: dateOrder ?? .newestFirst, columns: columns, countingUpTo: cap,
            bounds: { total in
                chosen = bounds(total)
                return dateOrder == nil ? (0, 0) : chosen
            }, db)
        var rows = found.rows
        if dateOrder == nil {
            rows = try Row.fetchAll(
                db, sql: "SELECT \(columns) \(query.fromWhere) \(ArticleSQL.orderBy(sort)) LIMIT ? OFFSET ?",
                arguments: query.arguments + [max(0, chosen.limit), max(0, chosen.offset)])
        }
        return ArticleWindow(
            rows: rows.map(ArticleRow.init(row:)), totalCount: found.count, offset: max(0, chosen.offset),
            isCountCapped: found.isCountCapped)
    }

    /// Full-text search over titles, summaries and content, newest first; a shorthand for a search filter.
    func search(
        _ text: String, limit: Int, offset: Int = 0, showingStoriesOnce: Bool = false
    ) throws(DatabaseProblem) -> ArticleWindow {
        try listArticles(
            ListFilter(searchText: text), limit: limit, offset: offset, showingStoriesOnce: showingStoriesOnce)
    }

    /// One article with its content and its page's text, or nil when it does not exist (any more); with its story
    /// and the story's other sources when `showingStoriesOnce`.
    func article(id: UUID, showingStoriesOnce: Bool = false) throws(DatabaseProblem) -> StoredArticle? {
        let story = showingStoriesOnce ? ", article.story, " + StoryColumns.otherSources : ""
        return try read(.readArticle) { db in
            try Row.fetchOne(
                db, sql: "SELECT \(StoredArticle.columns), fullTextAt, fullTextHTML\(story) FROM article WHERE id = ?",
                arguments: [id.uuidString]
            ).map { row in
                var article = StoredArticle(row: row)
                article.pageHTML = row["fullTextHTML"]
                article.pageFetched = row.optionalDate("fullTextAt")
                if showingStoriesOnce {
                    article.story = row["story"]
                    article.otherSources = StoryColumns.sources(row[row.count - 1])
                }
                return article
            }
        }
    }

    /// Global totals and unread counts per source, from the counts the triggers maintain (one row per source),
    /// with the duplicates that the totals leave out while each story is shown once.
    func articleCounts() throws(DatabaseProblem) -> ArticleCounts {
        try read(.countArticles) { db in
            var counts = ArticleCounts()
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: """
                    SELECT sourceId, total, unread, starred, duplicates, unreadDuplicates, starredDuplicates
                    FROM article_count WHERE total > 0
                    """))
            while let row = try rows.next() {
                let unread: Int = row[2]
                counts.articles = counts.articles + ArticleTally(total: row[1], unread: unread, starred: row[3])
                counts.duplicates = counts.duplicates + StoryDuplicates(total: row[4], unread: row[5], starred: row[6])
                if unread > 0 { counts.unreadBySource[row.uuid(at: 0)] = unread }
            }
            return counts
        }
    }

    /// The kept counts of each source that has articles (a row left at zero has nothing to add: unread and
    /// starred count among the total).
    func articleCountsBySource() throws(DatabaseProblem) -> [UUID: SourceArticleCounts] {
        try read(.countArticles) { db in
            var counts: [UUID: SourceArticleCounts] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT sourceId, total, unread, starred FROM article_count WHERE total > 0"))
            while let row = try rows.next() {
                counts[row.uuid("sourceId")] = SourceArticleCounts(
                    total: row["total"], unread: row["unread"], starred: row["starred"])
            }
            return counts
        }
    }
}

/// One page of a list: light rows and how many articles the whole filter matches.
struct ArticleWindow: Sendable, Equatable {
    var rows: [ArticleRow]
    var totalCount: Int
    /// Where the rows start in the whole result.
    var offset = 0
    /// Whether the filter matches more articles than ``totalCount`` (a search stops counting at
    /// ``SearchWindow/countCap``).
    var isCountCapped = false
}
