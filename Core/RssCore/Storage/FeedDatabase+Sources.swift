import Foundation
import GRDB

/// Sources: the user's subscriptions and their fetch status.
extension FeedDatabase {
    /// Every source, in the user's order (then by date added).
    func loadSources() throws(DatabaseProblem) -> [StoredSource] {
        try read(.loadSources) { db in
            try Row.fetchAll(db, sql: "SELECT \(StoredSource.columns) FROM source ORDER BY sortOrder, addedAt, rowid")
                .map(StoredSource.init(row:))
        }
    }

    /// One source, or nil when it does not exist.
    func source(id: UUID) throws(DatabaseProblem) -> StoredSource? {
        try read(.loadSources) { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(StoredSource.columns) FROM source WHERE id = ?"),
                arguments: [id.uuidString]
            ).map(StoredSource.init(row:))
        }
    }

    /// Inserts `source`, or replaces every stored field of the source with its id (its articles stay).
    /// A second source with the same URL is refused with ``DatabaseFailure/constraint``.
    func saveSource(_ source: StoredSource) throws(DatabaseProblem) {
        try write(.saveSource) { db in try Self.saveSource(source, db) }
    }

    /// Saves `sources` as ``saveSource(_:)`` does, all or none (an OPML import is one transaction).
    func saveSources(_ sources: [StoredSource]) throws(DatabaseProblem) {
        try write(.saveSource) { db in
            for source in sources { try Self.saveSource(source, db) }
        }
    }

    static func saveSource(_ source: StoredSource, _ db: Database) throws {
        try db.cachedStatement(sql: upsertSourceSQL).execute(arguments: source.arguments)
        try registerTags(source.tags, db)
    }

    private static let upsertSourceSQL: String = {
        let updates = StoredSource.columns.split(separator: ",").dropFirst()
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO source (\(StoredSource.columns)) VALUES (\(StoredSource.placeholders)) ON CONFLICT(id) DO UPDATE SET \(updates)"
    }()

    /// Removes a source and, by cascade, its articles. Returns how the counts changed, or nil when there
    /// was no such source.
    @discardableResult
    func removeSource(id: UUID) throws(DatabaseProblem) -> CountChange? {
        try write(.removeSource) { db in
            let duplicatesBefore = try FeedSchema.duplicateCounts(db)
            let counts = try Row.fetchOne(
                db, sql: """
                    SELECT count(*) AS total, coalesce(sum(isRead = 0), 0) AS unread,
                        coalesce(sum(isStarred), 0) AS starred
                    FROM article WHERE sourceId = ? AND isHidden = 0
                    """, arguments: [id.uuidString])
            try db.execute(sql: "DELETE FROM source WHERE id = ?", arguments: [id.uuidString])
            guard db.changesCount > 0, let counts else { return nil }
            return CountChange(
                total: -(counts["total"] as Int), unreadBySource: [id: -(counts["unread"] as Int)],
                starred: -(counts["starred"] as Int), duplicates: try FeedSchema.duplicateCounts(db) - duplicatesBefore)
        }
    }

    /// Turns fetching of a source on or off; its articles stay visible either way. Turning it on forgets the
    /// failures and their back-off: a source disabled because its feed was gone starts afresh on its
    /// interval. Returns false when there is no such source.
    @discardableResult
    func setSourceEnabled(id: UUID, _ isEnabled: Bool) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(
                sql: """
                    UPDATE source SET isEnabled = ?1,
                        failureCount = CASE WHEN ?1 THEN 0 ELSE failureCount END,
                        backoffUntil = CASE WHEN ?1 THEN NULL ELSE backoffUntil END
                    WHERE id = ?2
                    """, arguments: [isEnabled, id.uuidString])
            return db.changesCount > 0
        }
    }

    /// Stores what a fetch left (validators, times, error) without touching the user's fields. Returns false
    /// when the source is gone (removed meanwhile).
    @discardableResult
    func saveFetchStatus(_ status: StoredFetchStatus, sourceID: UUID) throws(DatabaseProblem) -> Bool {
        try write(.storeFeed) { db in try Self.saveFetchStatus(status, sourceID: sourceID, db) }
    }

    /// ``saveFetchStatus(_:sourceID:)`` in a transaction shared with other fetches (``GroupCommit``).
    func saveFetchStatusGrouped(_ status: StoredFetchStatus, sourceID: UUID) async throws(DatabaseProblem) -> Bool {
        try await groupWrite(.storeFeed) { db in try Self.saveFetchStatus(status, sourceID: sourceID, db) }
    }

    static func saveFetchStatus(_ status: StoredFetchStatus, sourceID: UUID, _ db: Database) throws -> Bool {
        // Cached: a refresh of many sources runs it once per source.
        try db.cachedStatement(
            sql: """
                UPDATE source SET etag = ?, lastModified = ?, lastSuccessAt = ?, lastErrorStage = ?,
                    lastErrorMessage = NULL, lastErrorAt = ?, nextAttemptAt = ?, lastErrorDetail = ?
                WHERE id = ?
                """
        ).execute(
            arguments: [
                status.etag, status.lastModified, status.lastSuccessAt.storageValue,
                status.lastError?.error.stage.rawValue, status.lastError?.at.storageValue,
                status.nextAttemptAt.storageValue, status.lastError?.detail, sourceID.uuidString,
            ])
        guard db.changesCount > 0 else { return false }
        try saveScheduleStatus(status, sourceID: sourceID, db)
        return true
    }
}
