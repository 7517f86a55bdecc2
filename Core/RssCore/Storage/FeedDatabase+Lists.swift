import Foundation
import GRDB

/// List windows, counts and single articles: the read side the news lists and the prompt use.
///
/// Every filter maps to an index (see `FeedSchema`): a page walks the index in date order and stops after
/// `limit + offset` rows; the count is a covering index scan. Search goes through the FTS5 index first.
extension FeedDatabase {
    /// A page of light rows for `filter` in `sort` order, and the total the filter matches, from one snapshot.
    func listArticles(
        _ filter: ArticleFilter, sort: ArticleSort = .newestFirst, limit: Int, offset: Int = 0
    ) throws(StorageError) -> ArticleWindow {
        guard let query = ListQuery(filter) else { return ArticleWindow(rows: [], totalCount: 0) }
        return try read("list articles") { db in
            let order = sort == .newestFirst ? "article.sortDate DESC, article.rowid DESC" : "article.sortDate, article.rowid"
            let total = try Int.fetchOne(db, sql: query.countSQL, arguments: query.arguments) ?? 0
            // A search matching many articles is faster walked in date order (stopping after one page) than
            // joined and sorted whole; a selective one is faster joined.
            let fromWhere = total > ListQuery.broadSearchThreshold ? query.fromWhereInDateOrder : query.fromWhere
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(ArticleRow.columns) \(fromWhere) ORDER BY \(order) LIMIT ? OFFSET ?",
                arguments: query.arguments + [max(0, limit), max(0, offset)])
            return ArticleWindow(rows: rows.map(ArticleRow.init(row:)), totalCount: total)
        }
    }

    /// Full-text search over titles, summaries and content, newest first; a shorthand for a search filter.
    func search(_ text: String, limit: Int, offset: Int = 0) throws(StorageError) -> ArticleWindow {
        try listArticles(ArticleFilter(searchText: text), limit: limit, offset: offset)
    }

    /// One article with its content, or nil when it does not exist (any more).
    func article(id: UUID) throws(StorageError) -> StoredArticle? {
        try read("load the article") { db in
            try Row.fetchOne(db, sql: "SELECT \(StoredArticle.columns) FROM article WHERE id = ?", arguments: [id.uuidString])
                .map(StoredArticle.init(row:))
        }
    }

    /// Global totals and unread counts per source.
    func articleCounts() throws(StorageError) -> ArticleCounts {
        try read("count articles") { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM article") ?? 0
            let unread = try Int.fetchOne(db, sql: "SELECT count(*) FROM article WHERE isRead = 0") ?? 0
            let starred = try Int.fetchOne(db, sql: "SELECT count(*) FROM article WHERE isStarred = 1") ?? 0
            var bySource: [UUID: Int] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT source.id AS id, (SELECT count(*) FROM article WHERE article.sourceId = source.id AND isRead = 0) AS unread
                FROM source
                """) where (row["unread"] as Int) > 0 {
                bySource[row.uuid("id")] = row["unread"]
            }
            return ArticleCounts(total: total, unread: unread, starred: starred, unreadBySource: bySource)
        }
    }
}

/// The FROM and WHERE clauses of a filter, with their arguments. Mark conditions are written as literals so
/// that the planner can pick the matching index when it prepares the statement.
struct ListQuery {
    var fromWhere: String
    /// The same filter with the search as a set of row ids (`+rowid IN (…)`, the `+` keeping the planner off the
    /// rowid), so that the date index drives the query and a page stops early.
    var fromWhereInDateOrder: String
    var arguments: StatementArguments
    /// Above this many matches, a search page is read in date order (see `fromWhereInDateOrder`).
    static let broadSearchThreshold = 500
    /// Counts the matches; a search with no other condition is counted in the FTS index alone (no join).
    var countSQL: String

    /// Nil when the filter cannot match anything (a search with no searchable word).
    init?(_ filter: ArticleFilter) {
        var from = "FROM article"
        var conditions: [String] = []
        var dateOrderConditions: [String] = []
        var arguments: StatementArguments = []
        if let text = filter.searchText, !text.allSatisfy(\.isWhitespace) {
            guard let match = SearchQuery.matchExpression(for: text) else { return nil }
            from += " JOIN article_search ON article_search.rowid = article.rowid"
            conditions.append("article_search MATCH ?")
            dateOrderConditions.append("+article.rowid IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)")
            arguments += [match]
        }
        switch filter.status {
        case .all: break
        case .unread: conditions.append("article.isRead = 0")
        case .starred: conditions.append("article.isStarred = 1")
        }
        if let sourceID = filter.sourceID {
            conditions.append("article.sourceId = ?")
            arguments += [sourceID.uuidString]
        }
        fromWhere = conditions.isEmpty ? from : from + " WHERE " + conditions.joined(separator: " AND ")
        countSQL = conditions == ["article_search MATCH ?"]
            ? "SELECT count(*) FROM article_search WHERE article_search MATCH ?"
            : "SELECT count(*) " + fromWhere
        let inDateOrder = dateOrderConditions + conditions.filter { $0 != "article_search MATCH ?" }
        fromWhereInDateOrder = "FROM article WHERE " + inDateOrder.joined(separator: " AND ")
        if dateOrderConditions.isEmpty { fromWhereInDateOrder = fromWhere }
        self.arguments = arguments
    }
}
