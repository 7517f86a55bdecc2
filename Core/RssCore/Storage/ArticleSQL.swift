import Foundation
import GRDB

/// The FROM and WHERE clauses of an ``ArticleQuery``, with their arguments: the one translation of a query
/// into SQL, shared by the news lists' pages and the query API.
///
/// Mark conditions are written as literals so that the planner can pick the matching index (see
/// `FeedSchema`) when it prepares the statement; a page then walks that index in date order and stops after
/// it has enough rows. A search goes through the FTS5 index.
struct ArticleSQL {
    /// `FROM article [JOIN article_search …] WHERE …`.
    var fromWhere: String
    /// The same filter with the search as a set of row ids (`+rowid IN (…)`, the `+` keeping the planner off
    /// the rowid), so that the date index drives the query and a page stops early.
    var fromWhereInDateOrder: String
    var arguments: StatementArguments
    /// Counts the matches; a search with no other condition is counted in the FTS index alone (no join).
    var countSQL: String
    /// Above this many matches, a search page is read in date order (see ``fromWhereInDateOrder``).
    static let broadSearchThreshold = 500

    /// Nil when the query cannot match anything (a search with no searchable word, an empty set of sources,
    /// numbers or tags). A filter's `age` is measured from `now` unless the filter fixes its own.
    init?(_ query: ArticleQuery, now: Date = Date()) {
        var from = "FROM article"
        var conditions: [String] = []
        var searchConditionInDateOrder: String?
        var arguments: StatementArguments = []
        var searchArguments: StatementArguments = []
        if let text = query.searchText, !text.allSatisfy(\.isWhitespace) {
            guard let match = SearchQuery.matchExpression(for: text) else { return nil }
            // The search drives: CROSS JOIN keeps SQLite from walking an index of `article` (all unread
            // articles, say) and asking the full-text index once per row, which took minutes at 100,000.
            from = "FROM article_search CROSS JOIN article ON article.rowid = article_search.rowid"
            conditions.append("article_search MATCH ?")
            searchConditionInDateOrder = "+article.rowid IN (SELECT rowid FROM article_search WHERE article_search MATCH ?)"
            searchArguments = [match]
        }
        // Hidden articles (see ``ArticleRule/Action/hide``) are in no list and no query; the column comes
        // before `sortDate` in every list index, so the date order is still the index's.
        conditions.append(Self.visible)
        if let isRead = query.isRead { conditions.append("article.isRead = \(isRead ? 1 : 0)") }
        if let isStarred = query.isStarred { conditions.append("article.isStarred = \(isStarred ? 1 : 0)") }
        if let sources = query.sourceIDs {
            guard !sources.isEmpty else { return nil }
            if sources.count == 1, let only = sources.first {
                conditions.append("article.sourceId = ?")
                arguments += [only.uuidString]
            } else {
                conditions.append("article.sourceId IN (SELECT value FROM json_each(?))")
                arguments += [Self.jsonArray(sources.map(\.uuidString).sorted())]
            }
        }
        if let numbers = query.numbers {
            guard !numbers.isEmpty else { return nil }
            conditions.append("article.rowid IN (SELECT value FROM json_each(?))")
            arguments += [Self.jsonArray(numbers.sorted())]
        }
        if let tags = query.tags {
            guard !tags.isEmpty else { return nil }
            conditions.append("article.sourceId IN (\(Self.sourcesTagged))")
            arguments += [Self.jsonArray(tags.sorted())]
        }
        if let since = query.since {
            conditions.append("article.sortDate >= ?")
            arguments += [since.storageValue]
        }
        if let before = query.before {
            conditions.append("article.sortDate < ?")
            arguments += [before.storageValue]
        }
        if let filter = query.filter {
            let sql = FilterSQL(filter.expression, now: filter.now ?? now)
            conditions.append(sql.condition)
            arguments += sql.arguments
        }
        if let after = query.after {
            let comparison = query.order == .newestFirst ? "<" : ">"
            conditions.append("(article.sortDate, article.rowid) \(comparison) (?, ?)")
            arguments += [after.date, after.storageOrder]
        }
        let searchOnly = conditions == ["article_search MATCH ?", Self.visible]
        fromWhere = conditions.isEmpty ? from : from + " WHERE " + conditions.joined(separator: " AND ")
        countSQL = searchOnly
            ? "SELECT count(*) FROM article_search WHERE article_search MATCH ? AND \(Self.notHidden)"
            : "SELECT count(*) " + fromWhere
        if let searchConditionInDateOrder {
            let others = conditions.filter { $0 != "article_search MATCH ?" }
            fromWhereInDateOrder =
                "FROM article WHERE " + ([searchConditionInDateOrder] + others).joined(separator: " AND ")
        } else {
            fromWhereInDateOrder = fromWhere
        }
        // The search's MATCH comes first in both forms of the clause.
        self.arguments = searchArguments + arguments
    }

    /// The condition that leaves hidden articles out.
    static let visible = "article.isHidden = 0"
    /// The same for the full-text index alone: the few hidden articles are read from their partial index.
    static let notHidden = "rowid NOT IN (SELECT rowid FROM article WHERE isHidden = 1)"

    /// `ORDER BY` for `order`; ties in storage order, so that pages are stable.
    static func orderBy(_ order: ArticleQuery.Order) -> String {
        order == .newestFirst
            ? "ORDER BY article.sortDate DESC, article.rowid DESC" : "ORDER BY article.sortDate, article.rowid"
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
