import GRDB

/// The retention step of a merge: an item retention or a rule removed does not come back while its feed lists it
/// (its tombstone), and the tombstones of items the feed no longer lists go, since those cannot come back from it.
enum TombstonePruning {
    /// The tombstones among `stored` (as the merge began) whose items are not among `listed` (every form of the
    /// fetched stable ids); tombstones the merge added are of items it lists.
    static func stale(_ stored: Set<String>, listed: Set<String>) -> Set<String> {
        stored.subtracting(listed)
    }

    /// Drops the tombstones of `sourceID` that ``stale(_:listed:)`` names.
    static func prune(_ stored: Set<String>, sourceID: String, listed: Set<String>, _ db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM article_tombstone WHERE sourceId = ? AND stableId = ?")
        for stableID in stale(stored, listed: listed) {
            try delete.execute(arguments: [sourceID, stableID])
        }
    }
}
