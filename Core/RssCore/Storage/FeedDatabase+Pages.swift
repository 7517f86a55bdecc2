import Foundation
import GRDB

/// The query API's long reads: the articles an ``ArticleQuery`` selects, handed over a page at a time from one
/// read transaction, so that a result of any size is never whole in memory.
extension FeedDatabase {
    /// Reads the articles `query` selects, in its order, from one snapshot, and hands them to `page`
    /// `pageSize` at a time (the last page may be shorter); stops when `page` returns false. A filter's `age`
    /// is measured from `now`.
    ///
    /// Without a per-source limit one cursor walks the result (on a date index, or the full-text index for a
    /// selective search); with one, each source's newest articles come from a cursor on that source's date
    /// index and are merged in the query's order, so that one row per source is held besides the page.
    func forEachArticlePage(
        _ query: ArticleQuery, pageSize: Int, now: Date = Date(), _ page: ([ArticleSnapshot]) -> Bool
    ) throws(DatabaseProblem) {
        if let limit = query.limit, limit <= 0 { return }
        try read(.readArticles) { db in
            // The pager keeps `page` only while this read runs.
            try withoutActuallyEscaping(page) { page in
                var pager = ArticlePager(size: pageSize, limit: query.limit, page: page)
                if let perSource = query.limitPerSource {
                    try Self.mergeNewestPerSource(query, perSource: perSource, now: now, db) { pager.add($0) }
                } else if let window = try Self.searchWindow(query, now: now, db) {
                    for snapshot in window where !pager.add(snapshot) { break }
                } else if let cursor = try Self.articleCursor(query, now: now, db) {
                    while let snapshot = try cursor.next(), pager.add(snapshot) {}
                }
                pager.finish()
            }
        }
    }

    /// The first page of a search with a limit, read in the full-text index's date order (``SearchWindow``)
    /// without sorting every match; nil for any other query.
    static func searchWindow(_ query: ArticleQuery, now: Date, _ db: Database) throws -> [ArticleSnapshot]? {
        guard let limit = query.limit, query.after == nil, var sql = ArticleSQL(query, now: now),
            sql.searchKeysSelect != nil
        else { return nil }
        try sql.expandSearch(db)
        return try SearchWindow.read(
            sql, order: query.order,
            columns: ArticleSnapshot.columns(includingBody: query.includesBody, showingStoriesOnce: query.showsStoriesOnce),
            countingUpTo: limit, bounds: { count in (min(limit, count), 0) }, db
        ).rows.map { ArticleSnapshot(row: $0, includesBody: query.includesBody) }
    }

    /// A cursor over the articles `query` selects without a per-source limit, or nil when it can match none.
    static func articleCursor(
        _ query: ArticleQuery, now: Date, _ db: Database
    ) throws -> MapCursor<RowCursor, ArticleSnapshot>? {
        guard var sql = ArticleSQL(query, now: now) else { return nil }
        try sql.expandSearch(db)
        let limitClause = query.limit.map { " LIMIT \(max(0, $0))" } ?? ""
        let columns = ArticleSnapshot.columns(
            includingBody: query.includesBody, showingStoriesOnce: query.showsStoriesOnce)
        return try Row.fetchCursor(
            db, sql: "SELECT \(columns) \(sql.fromWhere) \(ArticleSQL.orderBy(query.order))\(limitClause)",
            arguments: sql.arguments
        ).map { ArticleSnapshot(row: $0, includesBody: query.includesBody) }
    }

    /// The newest `perSource` articles of each source the query covers, merged in its order, after its `after`,
    /// handed to `visit` one by one until it returns false (the query's `limit` is the caller's).
    ///
    /// Newest first, a source's cursor reads its newest `perSource` rows; oldest first, it starts at the
    /// source's `perSource`-th newest row (found on the same index) and reads forwards. Neither needs a sort.
    /// By number, the same with the highest numbers for the newest.
    private static func mergeNewestPerSource(
        _ query: ArticleQuery, perSource: Int, now: Date, _ db: Database, _ visit: (ArticleSnapshot) -> Bool
    ) throws {
        guard perSource > 0 else { return }
        let sources = try query.sourceIDs.map { $0.sorted { $0.uuidString < $1.uuidString } }
            ?? String.fetchAll(db, sql: "SELECT id FROM source ORDER BY rowid").compactMap(UUID.init(canonicalText:))
        let columns = ArticleSnapshot.columns(
            includingBody: query.includesBody, showingStoriesOnce: query.showsStoriesOnce)
        var oneSource = query
        oneSource.after = nil
        oneSource.limit = nil
        var cursors: [MapCursor<RowCursor, ArticleSnapshot>] = []
        for source in sources {
            oneSource.sourceIDs = [source]
            oneSource.after = nil
            if query.order == .oldestFirst || query.order == .lowestNumberFirst {
                guard let newest = ArticleSQL(oneSource, now: now) else { continue }
                let cutoff = try Row.fetchOne(
                    db,
                    sql: "SELECT article.sortDate, article.rowid \(newest.fromWhere) "
                        + "\(ArticleSQL.orderBy(query.order.reversed)) LIMIT 1 OFFSET \(perSource - 1)",
                    arguments: newest.arguments)
                // Rows at or after the cutoff: `after` is exclusive, and storage order is a whole number.
                oneSource.after = cutoff.map { row in
                    ArticleSnapshot.Position(date: row[0], storageOrder: (row[1] as Int64) - 1)
                }
            }
            guard let sql = ArticleSQL(oneSource, now: now) else { continue }
            // A statement of its own per source: cursors on one cached statement would share its steps.
            let statement = try db.makeStatement(
                sql: "SELECT \(columns) \(sql.fromWhere) \(ArticleSQL.orderBy(query.order)) LIMIT \(perSource)")
            cursors.append(
                try Row.fetchCursor(statement, arguments: sql.arguments).map {
                    ArticleSnapshot(row: $0, includesBody: query.includesBody)
                })
        }
        var merge = try SortedCursorMerge(cursors, order: query.order)
        while let snapshot = try merge.next() {
            if let after = query.after, !snapshot.position.comes(after: after, in: query.order) { continue }
            guard visit(snapshot) else { return }
        }
    }
}

extension ArticleSnapshot.Position {
    /// Whether this position comes after `other` in `order`.
    func comes(after other: Self, in order: ArticleQuery.Order) -> Bool {
        switch order {
        case .newestFirst: precedes(other)
        case .oldestFirst: other.precedes(self)
        case .lowestNumberFirst: storageOrder > other.storageOrder
        case .highestNumberFirst: storageOrder < other.storageOrder
        }
    }
}

/// Gathers snapshots into pages for a consumer that may stop early, within a total limit.
private struct ArticlePager {
    let size: Int
    var remaining: Int?
    let page: ([ArticleSnapshot]) -> Bool
    var buffer: [ArticleSnapshot] = []
    var stopped = false

    init(size: Int, limit: Int?, page: @escaping ([ArticleSnapshot]) -> Bool) {
        self.size = max(1, size)
        remaining = limit
        self.page = page
        buffer.reserveCapacity(min(self.size, 1_024))
    }

    /// Takes `snapshot`; false once no more are wanted (the consumer stopped, or the limit is reached).
    mutating func add(_ snapshot: ArticleSnapshot) -> Bool {
        guard !stopped else { return false }
        buffer.append(snapshot)
        if let remaining { self.remaining = remaining - 1 }
        if buffer.count >= size { flush() }
        if let remaining, remaining <= 0 { stopped = true }
        return !stopped
    }

    /// Hands over what is left (nothing when the consumer stopped: its last page was emptied first).
    mutating func finish() {
        flush()
    }

    private mutating func flush() {
        guard !buffer.isEmpty else { return }
        var full: [ArticleSnapshot] = []
        swap(&full, &buffer)
        buffer.reserveCapacity(min(size, 1_024))
        if !page(full) { stopped = true }
    }
}
