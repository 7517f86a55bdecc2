import GRDB

/// A window of a search's matches in date order, read from the full-text index in its own key order (see
/// `FeedSchema.searchKey(_:)`), so that the cost follows the window and the count's cap, not the number of
/// matches: a word in half of a million articles costs what a rare one does.
///
/// The keys hold whole seconds: the matches of the seconds the window spans are read and sorted exactly (date,
/// then storage order), and the matches before them in key order are before them in exact order too.
struct SearchWindow {
    /// A search counts its matches up to this many, and says when there are more (the fronts show "10,000+").
    static let countCap = 10_000

    /// The rows of the window, its offset in the whole result, and the count of matches.
    struct Result {
        var rows: [Row]
        var offset: Int
        /// The number of matches, or the cap when ``isCountCapped``.
        var count: Int
        /// Whether there are more matches than ``count``.
        var isCountCapped: Bool
    }

    /// Reads the keys of the matches of `sql` (a search) in `order`, counting them up to `cap` (all when nil);
    /// `bounds` chooses the window (limit, offset) once the count is known; returns its rows with `columns`.
    static func read(
        _ sql: ArticleSQL, order: ArticleQuery.Order, columns: String, countingUpTo cap: Int?,
        bounds: (_ count: Int) -> (limit: Int, offset: Int), _ db: Database
    ) throws -> Result {
        guard let select = sql.searchKeysSelect else { return Result(rows: [], offset: 0, count: 0, isCountCapped: false) }
        let keys = try Int64.fetchCursor(db, sql: select + ArticleSQL.searchKeysOrder(order), arguments: sql.arguments)
        var read: [Int64] = []
        while cap.map({ read.count <= $0 }) ?? true, let key = try keys.next() { read.append(key) }
        let isCountCapped = cap.map { read.count > $0 } ?? false
        let count = isCountCapped ? cap ?? read.count : read.count
        let (limit, offset) = bounds(count)
        guard limit > 0, offset >= 0, offset < read.count else {
            return Result(rows: [], offset: max(0, offset), count: count, isCountCapped: isCountCapped)
        }
        // The matches of the seconds the window spans, from the first of its first second to the last of
        // its last (read further when they go on past what was counted).
        let lastSecond = FeedSchema.second(searchKey: read[min(offset + limit, read.count) - 1])
        var end = min(offset + limit, read.count)
        while end < read.count, FeedSchema.second(searchKey: read[end]) == lastSecond { end += 1 }
        if end == read.count {
            while let key = try keys.next(), FeedSchema.second(searchKey: key) == lastSecond {
                read.append(key)
                end += 1
            }
        }
        let firstSecond = FeedSchema.second(searchKey: read[offset])
        var start = offset
        while start > 0, FeedSchema.second(searchKey: read[start - 1]) == firstSecond { start -= 1 }
        let rowids = read[start..<end].map { String(FeedSchema.rowid(searchKey: $0)) }.joined(separator: ",")
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(columns) FROM article WHERE rowid IN (SELECT value FROM json_each(?))
                \(ArticleSQL.orderBy(order)) LIMIT ? OFFSET ?
                """,
            arguments: ["[\(rowids)]", limit, offset - start])
        return Result(rows: rows, offset: offset, count: count, isCountCapped: isCountCapped)
    }
}
