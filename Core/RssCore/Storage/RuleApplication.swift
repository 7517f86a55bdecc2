import Foundation
import GRDB

/// Applying rules in SQL: each rule is one statement over the articles its filter, its scope and a range
/// select (``FilterSQL`` compiles the filter, so a rule costs no per-article round trip to Swift except for
/// the text tests SQLite calls back for). Runs inside the caller's transaction: the merge of a fetch, or
/// ``FeedDatabase/applyRule(named:now:)``.
enum RuleApplication {
    /// Which articles a run looks at besides the rule's own filter and scope.
    struct Range {
        /// Only the articles of this source with rowids in `rowids`: those a merge just inserted.
        var newArticles: (source: UUID, rowids: ClosedRange<Int64>)?

        /// Every stored article.
        static let everything = Range()
    }

    /// Applies `rules` in order to the articles `range` covers; a starred article is never hidden or
    /// deleted. Returns the articles each rule changed, and (when `counting`) how the counts changed.
    static func apply(
        _ rules: [ArticleRule], to range: Range, now: Date, counting: Bool, _ db: Database
    ) throws -> (articles: Int, change: CountChange) {
        var total = 0
        var change = CountChange()
        var sourceTags: [String]?
        for rule in rules {
            if let new = range.newArticles {
                // A rule scoped elsewhere is skipped without a statement.
                switch rule.scope {
                case .all: break
                case .source(let id): if id != new.source { continue }
                case .tag(let tag):
                    if sourceTags == nil {
                        let stored = try String.fetchOne(
                            db.cachedStatement(sql: "SELECT tags FROM source WHERE id = ?"),
                            arguments: [new.source.uuidString])
                        sourceTags = (stored ?? "").split(separator: "\n").map(String.init)
                    }
                    if sourceTags?.contains(tag) != true { continue }
                }
            }
            let (articles, ruleChange) = try apply(rule, to: range, now: now, counting: counting, db)
            total += articles
            change.total += ruleChange.total
            change.starred += ruleChange.starred
            for (source, delta) in ruleChange.unreadBySource { change.unreadBySource[source, default: 0] += delta }
        }
        return (total, change)
    }

    private static func apply(
        _ rule: ArticleRule, to range: Range, now: Date, counting: Bool, _ db: Database
    ) throws -> (articles: Int, change: CountChange) {
        let filter = FilterSQL(rule.filter.expression, now: rule.filter.now ?? now)
        var conditions = ["article.isHidden = 0", filter.condition]
        var arguments = filter.arguments
        if let new = range.newArticles {
            conditions += ["article.rowid BETWEEN ? AND ?", "article.sourceId = ?"]
            arguments += [new.rowids.lowerBound, new.rowids.upperBound, new.source.uuidString]
        }
        switch rule.scope {
        case .all: break
        case .source(let id):
            conditions.append("article.sourceId = ?")
            arguments += [id.uuidString]
        case .tag(let tag):
            conditions.append("article.sourceId IN (\(ArticleSQL.sourcesTagged))")
            arguments += [ArticleSQL.jsonArray([tag])]
        }
        switch rule.action {
        case .read: conditions.append("article.isRead = 0")
        case .star: conditions.append("article.isStarred = 0")
        case .hide, .delete: conditions.append("article.isStarred = 0")
        }
        let selected = conditions.joined(separator: " AND ")
        var change = CountChange()
        if counting {
            for row in try Row.fetchAll(
                db, sql: "SELECT sourceId, count(*) AS n, sum(isRead = 0) AS unread FROM article WHERE \(selected) GROUP BY sourceId",
                arguments: arguments)
            {
                let count: Int = row["n"]
                let unread: Int = row["unread"]
                switch rule.action {
                case .star: change.starred += count
                case .read: change.unreadBySource[row.uuid("sourceId")] = -unread
                case .hide, .delete:
                    change.total -= count
                    change.unreadBySource[row.uuid("sourceId")] = -unread
                }
            }
        }
        switch rule.action {
        case .read: try db.execute(sql: "UPDATE article SET isRead = 1 WHERE \(selected)", arguments: arguments)
        case .star: try db.execute(sql: "UPDATE article SET isStarred = 1 WHERE \(selected)", arguments: arguments)
        case .hide:
            try db.execute(sql: "UPDATE article SET isHidden = 1, isRead = 1 WHERE \(selected)", arguments: arguments)
        case .delete:
            // A tombstone each, so that the next fetch of a feed still listing them does not bring them back.
            try db.execute(
                sql: "INSERT OR IGNORE INTO article_tombstone (sourceId, stableId) SELECT sourceId, stableId FROM article WHERE \(selected)",
                arguments: arguments)
            try db.execute(sql: "DELETE FROM article WHERE \(selected)", arguments: arguments)
        }
        return (db.changesCount, change)
    }
}

extension FeedDatabase {
    /// Applies the stored rule named `name` to every stored article, in one transaction; `age` is measured
    /// from `now`. Returns nil when no rule has that name, else the rule, the articles it changed and how
    /// the counts changed.
    func applyRule(
        named name: String, now: Date
    ) throws(DatabaseProblem) -> (rule: ArticleRule, articles: Int, change: CountChange)? {
        try write(.applyRule) { db in
            guard let rule = try Self.rules(db).first(where: { $0.id == ArticleRule.key(name) }) else { return nil }
            let (articles, change) = try RuleApplication.apply(
                [rule], to: .everything, now: now, counting: true, db)
            return (rule, articles, change)
        }
    }
}
