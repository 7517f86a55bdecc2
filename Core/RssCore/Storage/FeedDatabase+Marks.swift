import Foundation
import GRDB

/// Read and starred marks: one-row updates that never touch the full-text index (its trigger watches only the
/// text columns), so marking stays well under the 10 ms budget on a large database.
extension FeedDatabase {
    /// Marks the given articles read or unread; returns how many rows changed.
    @discardableResult
    func setRead(_ isRead: Bool, articleIDs: [UUID]) throws(StorageError) -> Int {
        try setFlag("isRead", to: isRead, articleIDs: articleIDs, operation: "mark articles read or unread")
    }

    /// Stars or unstars the given articles; returns how many rows changed.
    @discardableResult
    func setStarred(_ isStarred: Bool, articleIDs: [UUID]) throws(StorageError) -> Int {
        try setFlag("isStarred", to: isStarred, articleIDs: articleIDs, operation: "star or unstar articles")
    }

    /// Marks every unread article read, of one source or of all; returns how many changed.
    @discardableResult
    func markAllRead(sourceID: UUID? = nil) throws(StorageError) -> Int {
        try write("mark all read") { db in
            if let sourceID {
                try db.execute(sql: "UPDATE article SET isRead = 1 WHERE sourceId = ? AND isRead = 0", arguments: [sourceID.uuidString])
            } else {
                try db.execute(sql: "UPDATE article SET isRead = 1 WHERE isRead = 0")
            }
            return db.changesCount
        }
    }

    private func setFlag(_ column: String, to value: Bool, articleIDs: [UUID], operation: String) throws(StorageError) -> Int {
        if articleIDs.isEmpty { return 0 }
        return try write(operation) { db in
            let statement = try db.cachedStatement(sql: "UPDATE article SET \(column) = ? WHERE id = ? AND \(column) != ?")
            var changed = 0
            for id in articleIDs {
                try statement.execute(arguments: [value, id.uuidString, value])
                changed += db.changesCount
            }
            return changed
        }
    }
}
