import Foundation
import GRDB

/// Read and starred marks: one-row updates that never touch the full-text index (its trigger watches only the
/// text columns), each returning how it changed the counts, counted from the rows it changed. Each article it
/// changes is dated as changed at `now` (`changedAt`), so that a sync client asking what changed since its last
/// sync sees the mark.
extension FeedDatabase {
    /// Marks the given articles read or unread; returns how the unread counts changed.
    @discardableResult
    func setRead(_ isRead: Bool, articleIDs: [UUID], now: Date = Date()) throws(DatabaseProblem) -> CountChange {
        try setFlag("isRead", to: isRead, articleIDs: articleIDs, now: now) { change, source in
            change.unreadBySource[source, default: 0] += isRead ? -1 : 1
        }
    }

    /// Stars or unstars the given articles; returns how the starred count changed.
    @discardableResult
    func setStarred(_ isStarred: Bool, articleIDs: [UUID], now: Date = Date()) throws(DatabaseProblem) -> CountChange {
        try setFlag("isStarred", to: isStarred, articleIDs: articleIDs, now: now) { change, _ in
            change.starred += isStarred ? 1 : -1
        }
    }

    /// Marks every unread article read, of some sources, of the sources filed under `tag`, or of all (both nil),
    /// within `bound` when given; returns how the unread counts changed.
    @discardableResult
    func markAllRead(
        sourceIDs: Set<UUID>? = nil, tag: String? = nil, bound: MarkAllRead.Bound? = nil, now: Date = Date()
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
            var change = CountChange()
            for row in try Row.fetchAll(
                db, sql: "SELECT sourceId, count(*) AS unread FROM article WHERE isRead = 0 AND isHidden = 0\(scope) GROUP BY sourceId",
                arguments: arguments)
            {
                change.unreadBySource[row.uuid("sourceId")] = -(row["unread"] as Int)
            }
            // Hidden articles count nowhere (and a rule hid them read): the lists' indexes serve both statements.
            try db.execute(
                sql: "UPDATE article SET isRead = 1, changedAt = ? WHERE isRead = 0 AND isHidden = 0\(scope)",
                arguments: [now.storageValue] + arguments)
            return change
        }
    }

    private func setFlag(
        _ column: String, to value: Bool, articleIDs: [UUID], now: Date, count: (inout CountChange, UUID) -> Void
    ) throws(DatabaseProblem) -> CountChange {
        if articleIDs.isEmpty { return CountChange() }
        return try write(.saveMarks) { db in
            let statement = try db.cachedStatement(
                sql: "UPDATE article SET \(column) = ?, changedAt = ? WHERE id = ? AND \(column) != ? RETURNING sourceId")
            var change = CountChange()
            for id in articleIDs {
                guard let row = try Row.fetchOne(statement, arguments: [value, now.storageValue, id.uuidString, value]) else {
                    continue  // unknown, or already so
                }
                count(&change, row.uuid("sourceId"))
            }
            return change
        }
    }
}
