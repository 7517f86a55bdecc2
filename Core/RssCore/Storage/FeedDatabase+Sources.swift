import Foundation
import GRDB

/// Sources: the user's subscriptions and their fetch status.
extension FeedDatabase {
    /// Every source, in the user's order (then by date added).
    func loadSources() throws(StorageError) -> [StoredSource] {
        try read("load sources") { db in
            try Row.fetchAll(db, sql: "SELECT \(StoredSource.columns) FROM source ORDER BY sortOrder, addedAt, rowid")
                .map(StoredSource.init(row:))
        }
    }

    /// One source, or nil when it does not exist.
    func source(id: UUID) throws(StorageError) -> StoredSource? {
        try read("load a source") { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(StoredSource.columns) FROM source WHERE id = ?"),
                arguments: [id.uuidString]
            ).map(StoredSource.init(row:))
        }
    }

    /// Inserts `source`, or replaces every stored field of the source with its id (its articles stay).
    /// A second source with the same URL is refused with `StorageError.conflict`.
    func saveSource(_ source: StoredSource) throws(StorageError) {
        try write("save the source") { db in try Self.saveSource(source, db) }
    }

    /// Saves `sources` as ``saveSource(_:)`` does, all or none (an OPML import is one transaction).
    func saveSources(_ sources: [StoredSource]) throws(StorageError) {
        try write("save the sources") { db in
            for source in sources { try Self.saveSource(source, db) }
        }
    }

    static func saveSource(_ source: StoredSource, _ db: Database) throws {
        try db.cachedStatement(sql: upsertSourceSQL).execute(arguments: source.arguments)
    }

    private static let upsertSourceSQL: String = {
        let updates = StoredSource.columns.split(separator: ",").dropFirst()
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: 15).joined(separator: ", ")
        return "INSERT INTO source (\(StoredSource.columns)) VALUES (\(placeholders)) ON CONFLICT(id) DO UPDATE SET \(updates)"
    }()

    /// Removes a source and, by cascade, its articles. Returns whether it existed.
    @discardableResult
    func removeSource(id: UUID) throws(StorageError) -> Bool {
        try write("remove the source") { db in
            try db.execute(sql: "DELETE FROM source WHERE id = ?", arguments: [id.uuidString])
            return db.changesCount > 0
        }
    }

    /// Turns fetching of a source on or off; its articles stay visible either way.
    func setSourceEnabled(id: UUID, _ isEnabled: Bool) throws(StorageError) {
        try write("enable or disable the source") { db in
            try db.execute(sql: "UPDATE source SET isEnabled = ? WHERE id = ?", arguments: [isEnabled, id.uuidString])
            if db.changesCount == 0 { throw StorageError.notFound("source \(id)") }
        }
    }

    /// Stores what a fetch left (validators, times, error) without touching the user's fields.
    func saveFetchStatus(_ status: StoredFetchStatus, sourceID: UUID) throws(StorageError) {
        try write("save the fetch status") { db in try Self.saveFetchStatus(status, sourceID: sourceID, db) }
    }

    /// ``saveFetchStatus(_:sourceID:)`` in a transaction shared with other fetches (``GroupCommit``).
    func saveFetchStatusGrouped(_ status: StoredFetchStatus, sourceID: UUID) async throws(StorageError) {
        try await groupWrite("save the fetch status") { db in try Self.saveFetchStatus(status, sourceID: sourceID, db) }
    }

    static func saveFetchStatus(_ status: StoredFetchStatus, sourceID: UUID, _ db: Database) throws {
        // Cached: a refresh of many sources runs it once per source.
        try db.cachedStatement(
            sql: """
                UPDATE source SET etag = ?, lastModified = ?, lastSuccessAt = ?, lastErrorStage = ?,
                    lastErrorMessage = ?, lastErrorAt = ?, nextAttemptAt = ?
                WHERE id = ?
                """
        ).execute(
            arguments: [
                status.etag, status.lastModified, status.lastSuccessAt.storageValue, status.lastError?.stage,
                status.lastError?.message, status.lastError?.at.storageValue, status.nextAttemptAt.storageValue,
                sourceID.uuidString,
            ])
        if db.changesCount == 0 { throw StorageError.notFound("source \(sourceID)") }
    }
}
