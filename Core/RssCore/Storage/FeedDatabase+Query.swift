import Foundation
import GRDB

/// The query API's reads: snapshots of the articles an ``ArticleQuery`` selects, in one read transaction.
extension FeedDatabase {
    /// The articles `query` selects, in its order.
    ///
    /// With a per-source limit, each source's newest articles are read on that source's date index (a few
    /// rows each, however large the database), then merged in the query's order. A filter's `age` is
    /// measured from `now`.
    func articles(_ query: ArticleQuery, now: Date = Date()) throws(DatabaseProblem) -> [ArticleSnapshot] {
        if let limit = query.limit, limit <= 0 { return [] }
        guard let sql = ArticleSQL(query, now: now) else { return [] }
        let columns = ArticleSnapshot.columns(includingBody: query.includesBody)
        return try read(.readArticles) { db in
            guard let perSource = query.limitPerSource else {
                if sql.searchKeysSelect != nil {
                    // The index's date order gives the first matches without sorting them all.
                    let limit = query.limit.map { max(0, $0) }
                    var search = sql
                    try search.expandSearch(db)
                    return try SearchWindow.read(
                        search, order: query.order, columns: columns, countingUpTo: limit,
                        bounds: { count in (limit ?? count, 0) }, db
                    ).rows.map { ArticleSnapshot(row: $0, includesBody: query.includesBody) }
                }
                let limitClause = query.limit.map { " LIMIT \(max(0, $0))" } ?? ""
                // A cursor, so that a long result is not first copied whole as rows.
                return try Array(
                    Row.fetchCursor(
                        db, sql: "SELECT \(columns) \(sql.fromWhere) \(ArticleSQL.orderBy(query.order))\(limitClause)",
                        arguments: sql.arguments
                    ).map { ArticleSnapshot(row: $0, includesBody: query.includesBody) })
            }
            return try Self.newestPerSource(query, perSource: perSource, columns: columns, now: now, db)
        }
    }

    /// How many articles `query` selects without its total ``ArticleQuery/limit`` (its per-source limit and
    /// ``ArticleQuery/after`` still apply).
    func countArticles(_ query: ArticleQuery, now: Date = Date()) throws(DatabaseProblem) -> Int {
        var unlimited = query
        unlimited.limit = nil
        unlimited.includesBody = false
        if unlimited.limitPerSource != nil { return try articles(unlimited, now: now).count }
        guard let sql = ArticleSQL(unlimited, now: now) else { return 0 }
        return try read(.countArticles) { db in
            var counted = sql
            try counted.expandSearch(db)
            return try Int.fetchOne(db, sql: counted.countSQL, arguments: counted.arguments) ?? 0
        }
    }

    /// One article with its text, or nil when it is not stored (any more).
    func snapshot(id: UUID) throws(DatabaseProblem) -> ArticleSnapshot? {
        try read(.readArticle) { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(ArticleSnapshot.columns(includingBody: true)) FROM article WHERE id = ?"),
                arguments: [id.uuidString]
            ).map { ArticleSnapshot(row: $0, includesBody: true) }
        }
    }

    /// The newest `perSource` articles of each source the query covers, merged in its order, after its
    /// `after` and within its `limit`.
    private static func newestPerSource(
        _ query: ArticleQuery, perSource: Int, columns: String, now: Date, _ db: Database
    ) throws -> [ArticleSnapshot] {
        let sources = try query.sourceIDs.map { $0.sorted { $0.uuidString < $1.uuidString } }
            ?? String.fetchAll(db, sql: "SELECT id FROM source ORDER BY rowid").compactMap(UUID.init(canonicalText:))
        var oneSource = query
        oneSource.after = nil
        oneSource.limit = nil
        oneSource.order = .newestFirst
        var found: [ArticleSnapshot] = []
        for source in sources {
            oneSource.sourceIDs = [source]
            guard let sql = ArticleSQL(oneSource, now: now) else { continue }
            let statement = try db.cachedStatement(
                sql: "SELECT \(columns) \(sql.fromWhere) \(ArticleSQL.orderBy(ArticleQuery.Order.newestFirst)) LIMIT \(max(0, perSource))")
            found += try Row.fetchAll(statement, arguments: sql.arguments).map {
                ArticleSnapshot(row: $0, includesBody: query.includesBody)
            }
        }
        let newestFirst = query.order == .newestFirst
        found.sort { newestFirst ? $1.position.precedes($0.position) : $0.position.precedes($1.position) }
        if let after = query.after {
            found.removeAll { newestFirst ? !$0.position.precedes(after) : !after.precedes($0.position) }
        }
        if let limit = query.limit { found = Array(found.prefix(max(0, limit))) }
        return found
    }
}

extension ArticleSnapshot.Position {
    /// Whether this position comes before `other` in date order, then storage order: the order of
    /// ``ArticleQuery/Order/oldestFirst``.
    func precedes(_ other: Self) -> Bool {
        (date, storageOrder) < (other.date, other.storageOrder)
    }
}
