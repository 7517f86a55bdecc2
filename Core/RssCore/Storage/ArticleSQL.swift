import Foundation
import GRDB

/// The FROM and WHERE clauses of an ``ArticleQuery``, with their arguments: the one translation of a query
/// into SQL, shared by the news lists' pages and the query API.
///
/// Mark conditions are written as literals so that the planner can pick the matching index (see
/// `FeedSchema`) when it prepares the statement; a page then walks that index in date order and stops after
/// it has enough rows. A search goes through the FTS5 index, whose keys are in date order (see
/// `FeedSchema.searchKey(_:)` and ``SearchWindow``).
struct ArticleSQL {
    /// `FROM article [JOIN article_search …] WHERE …`.
    var fromWhere: String
    /// The search's MATCH expression (the first argument), then the other conditions' arguments.
    var arguments: StatementArguments { (searchMatch.map { [$0] } ?? []) + filterArguments }
    /// The MATCH expression of the search, if any.
    private(set) var searchMatch: String?
    /// The arguments of the conditions other than the search.
    private var filterArguments: StatementArguments
    /// What the user typed, for ``expandSearch(_:)``.
    private var searchText: String?
    /// Counts the matches from the maintained counts when they can answer (no search, no times); a search
    /// with no other condition is counted in the FTS index alone (no join).
    var countSQL: String
    /// The arguments of ``countSQL``.
    var countArguments: StatementArguments { (searchMatch.map { [$0] } ?? []) + countFilterArguments }
    /// The arguments of ``countSQL``'s conditions other than the search.
    private var countFilterArguments: StatementArguments
    /// For a search: its matches' search keys in date order, to which ``searchKeysOrder(_:)`` adds the order.
    var searchKeysSelect: String?

    /// Nil when the query cannot match anything (a search with no searchable word, an empty set of sources,
    /// numbers or tags). A filter's `age` is measured from `now` unless the filter fixes its own.
    init?(_ query: ArticleQuery, now: Date = Date()) {
        var from = "FROM article"
        var conditions: [String] = []
        var arguments: StatementArguments = []
        var searchMatch: String?
        if let text = query.searchText, !text.allSatisfy(\.isWhitespace) {
            guard let match = SearchQuery.matchExpression(for: text) else { return nil }
            // The search drives: CROSS JOIN keeps SQLite from walking an index of `article` (all unread
            // articles, say) and asking the full-text index once per row, which took minutes at 100,000.
            // Its keys are the articles' date keys, from which the rowid is read back.
            from = """
                FROM article_search CROSS JOIN article
                    ON article.rowid = \(FeedSchema.rowidSQL(searchKey: "article_search.rowid"))
                """
            conditions.append("article_search MATCH ?")
            searchMatch = match
            searchText = text
        }
        // Hidden articles (see ``ArticleRule/Action/hide``) are in no list and no query; the column comes
        // before `sortDate` in every list index, so the date order is still the index's.
        // In an order by number, the read and hidden marks are tested on each row (`+`: no index for them), so that
        // SQLite walks the rowids in order and stops at the page's end, rather than reading every match of a date
        // index and sorting it (32 ms a page of 1,000 at 100,000 articles, against 0.5). Selective conditions (a
        // source, the starred) keep their indexes. Articles named by number are looked up by rowid, the same way,
        // rather than found by walking a date index past every other article (150 of 20,000: 7 ms, against 0.3).
        let byNumber = !query.order.isByDate || query.numbers != nil
        conditions.append(byNumber ? "+" + Self.visible : Self.visible)
        if let isRead = query.isRead { conditions.append("\(byNumber ? "+" : "")article.isRead = \(isRead ? 1 : 0)") }
        if let isStarred = query.isStarred { conditions.append("article.isStarred = \(isStarred ? 1 : 0)") }
        guard let scope = Self.sourceScope(sourceIDs: query.sourceIDs, tags: query.tags) else { return nil }
        conditions += scope.conditions("article.sourceId")
        arguments += scope.arguments
        // Each story once: of several sources, a story's first copy among them (see `FeedSchema.createStories`).
        let stories = StoryScope(query, scope: scope)
        if let stories {
            conditions.append(stories.condition(on: "article"))
            arguments += stories.scopeArguments
        }
        if let numbers = query.numbers {
            guard !numbers.isEmpty else { return nil }
            conditions.append("article.rowid IN (SELECT value FROM json_each(?))")
            arguments += [Self.jsonArray(numbers.sorted())]
        }
        // Each bound is one comparison with its argument (times as stored, numbers as rowids).
        let bounds: [(String, (any DatabaseValueConvertible)?)] = [
            ("article.sortDate >= ?", query.since?.storageValue), ("article.sortDate < ?", query.before?.storageValue),
            ("article.firstSeenAt >= ?", query.storedSince?.storageValue),
            ("article.firstSeenAt < ?", query.storedBefore?.storageValue),
            ("coalesce(article.changedAt, article.firstSeenAt) >= ?", query.changedSince?.storageValue),
            ("coalesce(article.changedAt, article.firstSeenAt) < ?", query.changedBefore?.storageValue),
            ("article.rowid > ?", query.numbersAbove), ("article.rowid < ?", query.numbersBelow),
        ]
        for case let (condition, value?) in bounds {
            conditions.append(condition)
            arguments += [value]
        }
        if let filter = query.filter {
            let sql = FilterSQL(filter.expression, now: filter.now ?? now)
            conditions.append(sql.condition)
            arguments += sql.arguments
        }
        if let after = query.after, !query.order.isByDate {
            conditions.append(query.order == .highestNumberFirst ? "article.rowid < ?" : "article.rowid > ?")
            arguments += [after.storageOrder]
        } else if let after = query.after {
            let comparison = query.order == .newestFirst ? "<" : ">"
            conditions.append("(article.sortDate, article.rowid) \(comparison) (?, ?)")
            arguments += [after.date, after.storageOrder]
            if searchMatch != nil {
                // The same bound on the search keys (whole seconds), so that the index starts there.
                let second = Int64(max(0, min(4_294_967_295, after.date.rounded(.down))))
                let bits = FeedSchema.searchKeyRowidBits
                conditions.append(query.order == .newestFirst ? "article_search.rowid < ?" : "article_search.rowid >= ?")
                arguments += [query.order == .newestFirst ? (second + 1) << bits : second << bits]
            }
        }
        // A search of every source with no other condition reads the full-text index alone, the few hidden
        // articles (and duplicates) taken out by their keys.
        let searchOnly = conditions == ["article_search MATCH ?", Self.visible]
            || conditions == ["article_search MATCH ?", Self.visible, StoryScope.notDuplicate]
        let notShown = conditions.contains(StoryScope.notDuplicate) ? Self.notHiddenNorDuplicate : Self.notHidden
        fromWhere = conditions.isEmpty ? from : from + " WHERE " + conditions.joined(separator: " AND ")
        if let maintained = Self.maintainedCount(query, scope: scope, stories: stories) {
            countSQL = maintained.sql
            countFilterArguments = maintained.arguments
        } else {
            countSQL = searchOnly
                ? "SELECT count(*) FROM article_search WHERE article_search MATCH ? AND \(notShown)"
                : "SELECT count(*) " + fromWhere
            countFilterArguments = searchOnly ? [] : arguments
        }
        if searchMatch == nil || !query.order.isByDate {
            // The full-text index's keys are in date order: an order by number sorts the matches instead.
            searchKeysSelect = nil
        } else {
            searchKeysSelect = searchOnly
                ? "SELECT rowid FROM article_search WHERE article_search MATCH ? AND \(notShown)"
                : "SELECT article_search.rowid " + fromWhere
        }
        // The search's MATCH comes first in the clause.
        self.searchMatch = searchMatch
        filterArguments = arguments
    }

    /// Writes the search's whole words as the words of the index they begin (see
    /// ``SearchQuery/expandedMatchExpression(for:_:)``): the same matches, read lazily.
    mutating func expandSearch(_ db: Database) throws {
        guard let searchText, let expanded = try SearchQuery.expandedMatchExpression(for: searchText, db) else { return }
        searchMatch = expanded
    }

    /// The `ORDER BY` of ``searchKeysSelect`` for `order`: the full-text index's own order, no sorting.
    static func searchKeysOrder(_ order: ArticleQuery.Order) -> String {
        order == .newestFirst ? " ORDER BY article_search.rowid DESC" : " ORDER BY article_search.rowid"
    }

    /// The condition that leaves hidden articles out.
    static let visible = "article.isHidden = 0"
    /// The same on the full-text index alone (its keys, see `FeedSchema.searchKey(_:)`).
    static let notHidden = notShownInSearch(alsoLeaving: "isHidden <> 0")
    /// The same, leaving duplicates out too.
    static let notHiddenNorDuplicate = notShownInSearch(alsoLeaving: nil)

    /// The condition on a match of the full-text index that it is not one of the articles a search leaves
    /// out (``FeedSchema/unsearched``, narrowed by `narrower`): one look-up of the match's key in their
    /// index. (A `NOT IN` of their keys read the set whole for each statement: 35 ms a search with 20,000
    /// duplicates in a library of a million, where the look-ups cost under a microsecond a match.)
    private static func notShownInSearch(alsoLeaving narrower: String?) -> String {
        let key = "article_search.rowid"
        let bits = FeedSchema.searchKeyRowidBits
        let leftOut = [FeedSchema.unsearched, narrower].compactMap { $0 }.joined(separator: " AND ")
        return """
            NOT EXISTS (SELECT 1 FROM article AS unshown INDEXED BY \(FeedSchema.unsearchedIndex)
                WHERE \(FeedSchema.searchKeySeconds("unshown")) = (\(key) >> \(bits))
                AND unshown.rowid = \(FeedSchema.rowidSQL(searchKey: key)) AND \(leftOut))
            """
    }

    /// `ORDER BY` for `order`; ties in storage order, so that pages are stable.
    static func orderBy(_ order: ArticleQuery.Order) -> String {
        switch order {
        case .newestFirst: "ORDER BY article.sortDate DESC, article.rowid DESC"
        case .oldestFirst: "ORDER BY article.sortDate, article.rowid"
        case .lowestNumberFirst: "ORDER BY article.rowid"
        case .highestNumberFirst: "ORDER BY article.rowid DESC"
        }
    }

    /// `ORDER BY` for a news list's `sort`: a date order as a query's, or by source or article title with
    /// the newest first among equals (and storage order last, so that pages are stable).
    static func orderBy(_ sort: ListSort) -> String {
        let newest = "article.sortDate DESC, article.rowid DESC"
        return switch sort {
        case .newestFirst: orderBy(ArticleQuery.Order.newestFirst)
        case .oldestFirst: orderBy(ArticleQuery.Order.oldestFirst)
        case .source:
            "ORDER BY (SELECT source.title FROM source WHERE source.id = article.sourceId) COLLATE NOCASE, \(newest)"
        case .title: "ORDER BY article.title COLLATE NOCASE, \(newest)"
        }
    }

    /// Which sources a query covers, as conditions on any table's source column, with their arguments.
    struct SourceScope {
        var conditions: (_ column: String) -> [String]
        var arguments: StatementArguments
    }

    /// The scope of `sourceIDs` and `tags`; nil when it is empty (an empty set of sources or tags).
    private static func sourceScope(sourceIDs: Set<UUID>?, tags: Set<String>?) -> SourceScope? {
        var conditions: [(String) -> String] = []
        var arguments: StatementArguments = []
        if let sources = sourceIDs {
            guard !sources.isEmpty else { return nil }
            if sources.count == 1, let only = sources.first {
                conditions.append { "\($0) = ?" }
                arguments += [only.uuidString]
            } else {
                conditions.append { "\($0) IN (SELECT value FROM json_each(?))" }
                arguments += [jsonArray(sources.map(\.uuidString).sorted())]
            }
        }
        if let tags {
            guard !tags.isEmpty else { return nil }
            conditions.append { "\($0) IN (\(sourcesTagged))" }
            arguments += [jsonArray(tags.sorted())]
        }
        return SourceScope(conditions: { column in conditions.map { $0(column) } }, arguments: arguments)
    }

    /// The count of `query` read from the counts the triggers maintain (one row per source, see
    /// `FeedSchema.createArticleCounts`), when they can answer it: no search and no dates, and marks that
    /// are one column of the counts (no numbers, no filter), with its arguments. Each story once, a list of
    /// every source takes its duplicates' counts away; a list of several sources also counts the copies it
    /// leaves out, on the duplicates' partial index.
    private static func maintainedCount(
        _ query: ArticleQuery, scope: SourceScope, stories: StoryScope?
    ) -> (sql: String, arguments: StatementArguments)? {
        guard query.searchText.map({ $0.allSatisfy(\.isWhitespace) }) ?? true, query.since == nil,
            query.before == nil, query.after == nil, query.numbers == nil, query.filter == nil,
            query.storedSince == nil, query.storedBefore == nil, query.changedSince == nil,
            query.changedBefore == nil, query.numbersAbove == nil, query.numbersBelow == nil
        else { return nil }
        let everyOnce = stories?.isEverySource ?? false
        let (total, unread, starred) =
            everyOnce ? ("(total - duplicates)", "(unread - unreadDuplicates)", "(starred - starredDuplicates)")
            : ("total", "unread", "starred")
        let value: String
        let copyMarks: String
        switch (query.isRead, query.isStarred) {
        case (nil, nil): (value, copyMarks) = (total, "")
        case (false?, nil): (value, copyMarks) = (unread, " AND dup.isRead = 0")
        case (true?, nil): (value, copyMarks) = ("\(total) - \(unread)", " AND dup.isRead <> 0")
        case (nil, true?): (value, copyMarks) = (starred, " AND dup.isStarred <> 0")
        case (nil, false?): (value, copyMarks) = ("\(total) - \(starred)", " AND dup.isStarred = 0")
        default: return nil  // read and starred at once: not counted apart
        }
        let conditions = scope.conditions("article_count.sourceId")
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        let sum = "SELECT coalesce(sum(\(value)), 0) FROM article_count" + filter
        guard let stories, !everyOnce else { return (sum, scope.arguments) }
        let shown = stories.condition(on: "dup")
        // The copies the list leaves out: duplicates of the scope whose story has an earlier copy in it.
        let copies = (scope.conditions("dup.sourceId") + ["dup.isDuplicate = 1"]).joined(separator: " AND ")
        return (
            "SELECT (\(sum)) - (SELECT count(*) FROM article AS dup WHERE \(copies)\(copyMarks) AND NOT \(shown))",
            scope.arguments + scope.arguments + stories.scopeArguments
        )
    }

    /// The ids of the sources filed under at least one of the tags of its one argument (a JSON array of them).
    /// Tags are stored one a line in `source.tags`; a source has few, and there are few sources.
    static let sourcesTagged = """
        SELECT source.id FROM source, json_each(?) AS wanted
            WHERE instr(char(10) || source.tags || char(10), char(10) || wanted.value || char(10)) > 0
        """

    /// `values` as a JSON array, the one argument of a `json_each(?)`.
    private static func jsonArray(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    /// `values` as a JSON array, the one argument of a `json_each(?)`.
    static func jsonArray(_ values: [String]) -> String {
        // Strings made of UUIDs and tags; JSONSerialization escapes whatever a tag holds.
        let data = (try? JSONSerialization.data(withJSONObject: values)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
