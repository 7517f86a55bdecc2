import Foundation
import GRDB

/// Read and starred marks: one-row updates that never touch the full-text index (its trigger watches only the
/// text columns), each returning how it changed the counts, counted from the rows it changed. Each article it
/// changes is dated as changed at `now` (`changedAt`), so that a sync client asking what changed since its last
/// sync sees the mark.
///
/// With `everyCopy` (each story shown once), a mark on an article is a mark on every visible copy of its story
/// (see `FeedSchema.createStories`), in the same transaction: every list, count and other process then sees the
/// story marked, whichever copy it shows.
extension FeedDatabase {
    /// Marks the given articles read or unread; returns how the unread counts changed.
    @discardableResult
    func setRead(
        _ isRead: Bool, articleIDs: [UUID], now: Date = Date(), everyCopy: Bool = false
    ) throws(DatabaseProblem) -> CountChange {
        try setFlag("isRead", to: isRead, articleIDs: articleIDs, now: now, everyCopy: everyCopy) { change, row in
            change.unreadBySource[row.source, default: 0] += isRead ? -1 : 1
            if row.isDuplicate { change.duplicates.unread += isRead ? -1 : 1 }
        }
    }

    /// Stars or unstars the given articles; returns how the starred count changed.
    @discardableResult
    func setStarred(
        _ isStarred: Bool, articleIDs: [UUID], now: Date = Date(), everyCopy: Bool = false
    ) throws(DatabaseProblem) -> CountChange {
        try setFlag("isStarred", to: isStarred, articleIDs: articleIDs, now: now, everyCopy: everyCopy) { change, row in
            change.starred += isStarred ? 1 : -1
            if row.isDuplicate { change.duplicates.starred += isStarred ? 1 : -1 }
        }
    }

    /// Marks every unread article read, of some sources, of the sources filed under `tag`, or of all (both nil),
    /// within `bound` when given; returns how the unread counts changed.
    @discardableResult
    func markAllRead(
        sourceIDs: Set<UUID>? = nil, tag: String? = nil, bound: MarkAllRead.Bound? = nil, now: Date = Date(),
        everyCopy: Bool = false
    ) throws(DatabaseProblem) -> CountChange {
        if let sourceIDs, sourceIDs.isEmpty { return CountChange() }
        return try write(.saveMarks) { db in
            var scope = ""
            var arguments: StatementArguments = []
            if let sourceIDs {
                scope += " AND sourceId IN (SELECT value FROM json_each(?))"
                arguments += [ArticleSQL.jsonArray(sourceIDs.map(\.uuidString).sorted())]
            }
            if let tag {
                scope += " AND sourceId IN (\(ArticleSQL.sourcesTagged))"
                arguments += [ArticleSQL.jsonArray([tag])]
            }
            switch bound {
            case nil: break
            case .datedBefore(let date):
                scope += " AND sortDate < ?"
                arguments += [date.storageValue]
            case .storedBefore(let date):
                scope += " AND firstSeenAt < ?"
                arguments += [date.storageValue]
            case .numberedUpTo(let number):
                scope += " AND rowid <= ?"
                arguments += [number]
            }
            // The other copies of the stories marked, when every copy is marked and some articles are out of
            // scope: read before the marks change, since afterwards they cannot be told from those already read.
            let scoped = sourceIDs != nil || tag != nil || bound != nil
            var copies: [Int64] = []
            if everyCopy && scoped {
                copies = try Int64.fetchAll(
                    db, sql: """
                        SELECT DISTINCT story FROM article
                        WHERE story IS NOT NULL AND isRead = 0 AND isHidden = 0\(scope)
                        """, arguments: arguments)
            }
            var change = try Self.unreadLeaving(where: "isRead = 0 AND isHidden = 0\(scope)", arguments, db)
            // Hidden articles count nowhere (and a rule hid them read): the lists' indexes serve both statements.
            try db.execute(
                sql: "UPDATE article SET isRead = 1, changedAt = ? WHERE isRead = 0 AND isHidden = 0\(scope)",
                arguments: [now.storageValue] + arguments)
            if !copies.isEmpty {
                let others = "isRead = 0 AND isHidden = 0 AND story IN (SELECT value FROM json_each(?))"
                let stories: StatementArguments = ["[" + copies.map(String.init).joined(separator: ",") + "]"]
                let more = try Self.unreadLeaving(where: others, stories, db)
                change.unreadBySource.merge(more.unreadBySource, uniquingKeysWith: +)
                change.duplicates = change.duplicates + more.duplicates
                try db.execute(
                    sql: "UPDATE article SET isRead = 1, changedAt = ? WHERE \(others)",
                    arguments: [now.storageValue] + stories)
            }
            return change
        }
    }

    /// How marking read the articles `condition` selects changes the unread counts, per source and of the
    /// duplicates.
    private static func unreadLeaving(
        where condition: String, _ arguments: StatementArguments, _ db: Database
    ) throws -> CountChange {
        var change = CountChange()
        for row in try Row.fetchAll(
            db, sql: """
                SELECT sourceId, count(*) AS unread, sum(isDuplicate <> 0) AS duplicates FROM article
                WHERE \(condition) GROUP BY sourceId
                """,
            arguments: arguments)
        {
            change.unreadBySource[row.uuid("sourceId")] = -(row["unread"] as Int)
            change.duplicates.unread -= row["duplicates"] as Int
        }
        return change
    }

    /// A row a mark changed: its source, and whether it counts (visible) and counts among the duplicates.
    private struct MarkedRow {
        let source: UUID
        let isDuplicate: Bool
    }

    private func setFlag(
        _ column: String, to value: Bool, articleIDs: [UUID], now: Date, everyCopy: Bool,
        count: (inout CountChange, MarkedRow) -> Void
    ) throws(DatabaseProblem) -> CountChange {
        if articleIDs.isEmpty { return CountChange() }
        return try write(.saveMarks) { db in
            let returning = "RETURNING sourceId, isDuplicate <> 0 AND isHidden = 0, isHidden = 0"
            let statement = try db.cachedStatement(
                sql: "UPDATE article SET \(column) = ?, changedAt = ? WHERE id = ? AND \(column) != ? \(returning)")
            let story = try db.cachedStatement(sql: "SELECT story FROM article WHERE id = ?")
            let copies = try db.cachedStatement(sql: """
                UPDATE article SET \(column) = ?, changedAt = ?
                WHERE story = ? AND id <> ? AND isHidden = 0 AND \(column) != ? \(returning)
                """)
            var changed: [Row] = []
            for id in articleIDs {
                let arguments: StatementArguments = [value, now.storageValue, id.uuidString, value]
                // Unknown, or already so: no row (its copies are then marked too, unless one differs).
                changed += try Row.fetchAll(statement, arguments: arguments)
                guard everyCopy, let storyNumber = try Int64.fetchOne(story, arguments: [id.uuidString]) else {
                    continue
                }
                changed += try Row.fetchAll(copies, arguments: [value, now.storageValue, storyNumber, id.uuidString, value])
            }
            var change = CountChange()
            // Hidden articles count nowhere.
            for row in changed where row[2] as Bool {
                count(&change, MarkedRow(source: row.uuid(at: 0), isDuplicate: row[1]))
            }
            return change
        }
    }
}
