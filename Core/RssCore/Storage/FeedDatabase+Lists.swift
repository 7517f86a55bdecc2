import Foundation
import GRDB

/// List windows, counts and single articles: the read side the news lists and the prompt use.
///
/// Every filter maps to an index (see `FeedSchema` and ``ArticleSQL``): a page walks the index in date order
/// and stops after `limit + offset` rows; the count is a covering index scan. Search goes through the FTS5
/// index first.
extension FeedDatabase {
    /// `limit` light rows for `filter` in `sort` order from `offset`, and the total the filter matches, from
    /// one snapshot.
    func listArticles(
        _ filter: ListFilter, sort: ListSort = .newestFirst, limit: Int, offset: Int = 0
    ) throws(DatabaseProblem) -> ArticleWindow {
        try window(filter, sort: sort) { _ in (limit, offset) }
    }

    /// Page `page` of `filter` in `sort` order, `pageSize` rows a page; a page past the last is read as the
    /// last, in the same snapshot, so a list never needs a second read to find where it ends. Without
    /// `readingRows`, only where the page falls is worked out.
    func listPage(
        _ filter: ListFilter, sort: ListSort, page: Int, pageSize: Int, readingRows: Bool = true
    ) throws(DatabaseProblem) -> ArticleWindow {
        let size = max(1, pageSize)
        return try window(filter, sort: sort) { total in
            let last = max(0, (total - 1) / size)
            return (readingRows ? size : 0, min(max(0, page), last) * size)
        }
    }

    /// The window `bounds` chooses once the total is known (limit, offset), read in one snapshot.
    private func window(
        _ filter: ListFilter, sort: ListSort, bounds: @escaping (_ total: Int) -> (limit: Int, offset: Int)
    ) throws(DatabaseProblem) -> ArticleWindow {
        guard let query = ArticleSQL(ArticleQuery(filter)) else { return ArticleWindow(rows: [], totalCount: 0) }
        return try read(.readArticles) { db in
            let total = try Int.fetchOne(db, sql: query.countSQL, arguments: query.arguments) ?? 0
            let (limit, offset) = bounds(total)
            // A search matching many articles is faster walked in date order (stopping after one page) than
            // joined and sorted whole; a selective one is faster joined.
            let fromWhere = total > ArticleSQL.broadSearchThreshold ? query.fromWhereInDateOrder : query.fromWhere
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(ArticleRow.columns) \(fromWhere) \(ArticleSQL.orderBy(sort)) LIMIT ? OFFSET ?",
                arguments: query.arguments + [max(0, limit), max(0, offset)])
            return ArticleWindow(
                rows: rows.map(ArticleRow.init(row:)), totalCount: total, offset: max(0, offset))
        }
    }

    /// Full-text search over titles, summaries and content, newest first; a shorthand for a search filter.
    func search(_ text: String, limit: Int, offset: Int = 0) throws(DatabaseProblem) -> ArticleWindow {
        try listArticles(ListFilter(searchText: text), limit: limit, offset: offset)
    }

    /// One article with its content, or nil when it does not exist (any more).
    func article(id: UUID) throws(DatabaseProblem) -> StoredArticle? {
        try read(.readArticle) { db in
            try Row.fetchOne(db, sql: "SELECT \(StoredArticle.columns) FROM article WHERE id = ?", arguments: [id.uuidString])
                .map(StoredArticle.init(row:))
        }
    }

    /// Global totals and unread counts per source.
    func articleCounts() throws(DatabaseProblem) -> ArticleCounts {
        try read(.countArticles) { db in
            // Hidden articles (see ``ArticleRule/Action/hide``) count nowhere.
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM article WHERE isHidden = 0") ?? 0
            let unread = try Int.fetchOne(db, sql: "SELECT count(*) FROM article WHERE isRead = 0 AND isHidden = 0") ?? 0
            let starred =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM article WHERE isStarred = 1 AND isHidden = 0") ?? 0
            var bySource: [UUID: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT source.id AS id, (SELECT count(*) FROM article WHERE article.sourceId = source.id AND isRead = 0 AND isHidden = 0) AS unread
                FROM source
                """) where (row["unread"] as Int) > 0 {
                bySource[row.uuid("id")] = row["unread"]
            }
            return ArticleCounts(total: total, unread: unread, starred: starred, unreadBySource: bySource)
        }
    }
}

/// One page of a list: light rows and how many articles the whole filter matches.
struct ArticleWindow: Sendable, Equatable {
    var rows: [ArticleRow]
    var totalCount: Int
    /// Where the rows start in the whole result.
    var offset = 0
}
