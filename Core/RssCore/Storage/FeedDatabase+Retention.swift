import Foundation
import GRDB

/// How long articles are kept. Starred articles are always kept, whatever the policy.
struct RetentionPolicy: Sendable, Equatable {
    /// Remove articles whose date (published, else updated, else first seen) is older than this many days.
    var maxAgeDays: Int?
    /// Keep at most this many newest articles per source (starred ones count towards the newest but stay);
    /// hidden articles are counted apart, so that they never crowd out the ones the lists show (and the
    /// source's date index, which holds `isHidden` before the date, gives the order).
    var maxArticlesPerSource: Int?
}

/// Retention: removes old articles, leaving a tombstone so that a feed still listing them does not bring them back.
extension FeedDatabase {
    /// Applies `policy` in one transaction; returns how the counts changed (``CountChange/total`` is minus
    /// the number of articles removed).
    @discardableResult
    func applyRetention(_ policy: RetentionPolicy, now: Date = Date()) throws(DatabaseProblem) -> CountChange {
        try write(.applyRetention) { db in
            var doomed: [String] = []
            if let days = policy.maxAgeDays {
                let cutoff = now.addingTimeInterval(-Double(max(0, days)) * 86_400).storageValue
                // `isHidden IN (0, 1)` lets the starred index seek the dates (it holds isHidden before sortDate).
                doomed.append(
                    "SELECT rowid FROM article WHERE isStarred = 0 AND isHidden IN (0, 1) AND sortDate < \(cutoff)")
            }
            if let count = policy.maxArticlesPerSource {
                doomed.append("""
                    SELECT rowid FROM (
                        SELECT rowid, isStarred,
                            row_number() OVER (
                                PARTITION BY sourceId, isHidden ORDER BY sortDate DESC, rowid DESC) AS position
                        FROM article)
                    WHERE position > \(max(0, count)) AND isStarred = 0
                    """)
            }
            if doomed.isEmpty { return CountChange() }
            try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS retention_doomed (rowid INTEGER PRIMARY KEY)")
            try db.execute(sql: "DELETE FROM retention_doomed")
            try db.execute(sql: "INSERT OR IGNORE INTO retention_doomed " + doomed.joined(separator: " UNION "))
            try db.execute(sql: """
                INSERT OR IGNORE INTO article_tombstone (sourceId, stableId)
                SELECT sourceId, stableId FROM article WHERE rowid IN (SELECT rowid FROM retention_doomed)
                """)
            var change = CountChange()
            let duplicatesBefore = try FeedSchema.duplicateCounts(db)
            for row in try Row.fetchAll(db, sql: """
                SELECT sourceId, sum(isHidden = 0) AS total, sum(isRead = 0 AND isHidden = 0) AS unread FROM article
                WHERE rowid IN (SELECT rowid FROM retention_doomed) GROUP BY sourceId
                """)
            {
                change.total -= row["total"] as Int
                change.unreadBySource[row.uuid("sourceId")] = -(row["unread"] as Int)
            }
            try db.execute(sql: "DELETE FROM article WHERE rowid IN (SELECT rowid FROM retention_doomed)")
            try db.execute(sql: "DELETE FROM retention_doomed")
            // Duplicates removed, and the copies that took a removed representative's place.
            change.duplicates = try FeedSchema.duplicateCounts(db) - duplicatesBefore
            return change
        }
    }
}
