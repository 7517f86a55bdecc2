import Foundation
import GRDB

/// A source's schedule: the user's interval for it, and what fetches leave (failures, back-off, hints, a
/// move seen once), written with the rest of the fetch status.
extension FeedDatabase {
    /// Sets the user's interval for one source (seconds; nil follows the setting). Returns false when there is
    /// no such source.
    @discardableResult
    func setRefreshInterval(id: UUID, _ seconds: TimeInterval?) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(
                sql: "UPDATE source SET refreshInterval = ? WHERE id = ?", arguments: [seconds, id.uuidString])
            return db.changesCount > 0
        }
    }

    /// Stores a failed fetch's status, in a transaction shared with other fetches; `disabling` turns the source
    /// off in the same transaction (its feed is gone). Returns false when the source is gone.
    func saveFailureGrouped(_ status: StoredFetchStatus, sourceID: UUID, disabling: Bool) async throws(DatabaseProblem) -> Bool {
        try await groupWrite(.storeFeed) { db in
            guard try Self.saveFetchStatus(status, sourceID: sourceID, db) else { return false }
            if disabling {
                try db.execute(sql: "UPDATE source SET isEnabled = 0 WHERE id = ?", arguments: [sourceID.uuidString])
            }
            return true
        }
    }

    /// The schedule's share of ``saveFetchStatus(_:sourceID:_:)``: failures, back-off, the move seen once and
    /// the hints.
    static func saveScheduleStatus(_ status: StoredFetchStatus, sourceID: UUID, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                UPDATE source SET failureCount = ?, backoffUntil = ?, pendingMoveURL = ?, feedTTL = ?,
                    feedUpdatePeriod = ?, serverFreshness = ?
                WHERE id = ?
                """
        ).execute(arguments: status.scheduleArguments + [sourceID.uuidString])
    }
}
