import Foundation
import GRDB

/// The query API's reads: snapshots of the articles an ``ArticleQuery`` selects, in one read transaction.
extension FeedDatabase {
    /// The articles `query` selects, in its order, as one array (``forEachArticlePage(_:pageSize:now:_:)`` reads
    /// them a page at a time).
    ///
    /// With a per-source limit, each source's newest articles are read on that source's date index (a few
    /// rows each, however large the database), then merged in the query's order. A filter's `age` is
    /// measured from `now`.
    func articles(_ query: ArticleQuery, now: Date = Date()) throws(DatabaseProblem) -> [ArticleSnapshot] {
        var found: [ArticleSnapshot] = []
        try forEachArticlePage(query, pageSize: .max, now: now) { page in
            found += page
            return true
        }
        return found
    }

    /// The positions of the articles `query` selects, in its order: two columns a row, on the same indexes as
    /// ``articles(_:now:)`` (a search or a per-source limit reads snapshots, and keeps their positions).
    func positions(_ query: ArticleQuery, now: Date = Date()) throws(DatabaseProblem) -> [ArticleSnapshot.Position] {
        var light = query
        light.includesBody = false
        if let limit = light.limit, limit <= 0 { return [] }
        let hasSearch = !(light.searchText?.allSatisfy(\.isWhitespace) ?? true)
        if hasSearch || light.limitPerSource != nil { return try articles(light, now: now).map(\.position) }
        guard let sql = ArticleSQL(light, now: now) else { return [] }
        let limitClause = light.limit.map { " LIMIT \($0)" } ?? ""
        return try read(.readArticles) { db in
            try Row.fetchAll(
                db, sql: "SELECT article.sortDate, article.rowid \(sql.fromWhere) \(ArticleSQL.orderBy(light.order))\(limitClause)",
                arguments: sql.arguments
            ).map { ArticleSnapshot.Position(date: $0[0], storageOrder: $0[1]) }
        }
    }

    /// How many articles `query` selects without its total ``ArticleQuery/limit`` (its per-source limit and
    /// ``ArticleQuery/after`` still apply).
    func countArticles(_ query: ArticleQuery, now: Date = Date()) throws(DatabaseProblem) -> Int {
        var unlimited = query
        unlimited.limit = nil
        unlimited.includesBody = false
        if unlimited.limitPerSource != nil {
            var count = 0
            try forEachArticlePage(unlimited, pageSize: 1_024, now: now) { page in
                count += page.count
                return true
            }
            return count
        }
        guard let sql = ArticleSQL(unlimited, now: now) else { return 0 }
        return try read(.countArticles) { db in
            var counted = sql
            try counted.expandSearch(db)
            return try Int.fetchOne(db, sql: counted.countSQL, arguments: counted.countArguments) ?? 0
        }
    }

    /// One article with its text, or nil when it is not stored (any more); with its story's other sources when
    /// `showingStoriesOnce`.
    func snapshot(id: UUID, showingStoriesOnce: Bool = false) throws(DatabaseProblem) -> ArticleSnapshot? {
        let columns = ArticleSnapshot.columns(includingBody: true, showingStoriesOnce: showingStoriesOnce)
        return try read(.readArticle) { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(columns) FROM article WHERE id = ?"),
                arguments: [id.uuidString]
            ).map { ArticleSnapshot(row: $0, includesBody: true) }
        }
    }
}

extension ArticleSnapshot.Position {
    /// Whether this position comes before `other` in date order, then storage order: the order of
    /// ``ArticleQuery/Order/oldestFirst``.
    func precedes(_ other: Self) -> Bool {
        (date, storageOrder) < (other.date, other.storageOrder)
    }
}
