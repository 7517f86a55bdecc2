import Foundation
import GRDB

/// Applying a rule on demand, in SQL: one statement over the stored articles its filter and scope select
/// (``FilterSQL`` compiles the filter), inside ``FeedDatabase/applyRule(named:now:)``'s transaction. (The
/// merge of a fetch applies rules to new items before it stores them: ``NewArticleRules``.)
enum RuleApplication {
    /// Applies `rule` to every stored article it selects (a starred one is never hidden or deleted, a hidden
    /// one is left alone); returns how many it changed and how the counts changed.
    static func apply(_ rule: ArticleRule, now: Date, _ db: Database) throws -> (articles: Int, change: CountChange) {
        let filter = FilterSQL(rule.filter.expression, now: rule.filter.now ?? now)
        var conditions = ["article.isHidden = 0", filter.condition]
        var arguments = filter.arguments
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
        case .star, .hide, .delete: conditions.append("article.isStarred = 0")
        }
        let selected = conditions.joined(separator: " AND ")
        var change = CountChange()
        let duplicatesBefore = try FeedSchema.duplicateCounts(db)
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
        switch rule.action {
        // Dated as changed, so that sync clients that had the articles see the marks.
        case .read:
            try db.execute(
                sql: "UPDATE article SET isRead = 1, changedAt = ? WHERE \(selected)", arguments: [now.storageValue] + arguments)
        case .star:
            try db.execute(
                sql: "UPDATE article SET isStarred = 1, changedAt = ? WHERE \(selected)", arguments: [now.storageValue] + arguments)
        case .hide:
            try db.execute(
                sql: "UPDATE article SET isHidden = 1, isRead = 1, changedAt = ? WHERE \(selected)",
                arguments: [now.storageValue] + arguments)
        case .delete:
            // A tombstone each, so that the next fetch of a feed still listing them does not bring them back.
            try db.execute(
                sql: "INSERT OR IGNORE INTO article_tombstone (sourceId, stableId) SELECT sourceId, stableId FROM article WHERE \(selected)",
                arguments: arguments)
            try db.execute(sql: "DELETE FROM article WHERE \(selected)", arguments: arguments)
        }
        let changed = db.changesCount
        // Duplicates marked, hidden or removed, and copies that took a hidden representative's place.
        change.duplicates = try FeedSchema.duplicateCounts(db) - duplicatesBefore
        return (changed, change)
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
            let (articles, change) = try RuleApplication.apply(rule, now: now, db)
            return (rule, articles, change)
        }
    }
}
