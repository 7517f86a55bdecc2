import Foundation
import GRDB

/// The source step of a merge: the fetch's status, and what the feed says of itself (its title, its site, the
/// address it moved to), written in the merge's transaction, those columns only (a source disabled or retagged
/// meanwhile stays so).
enum SourceDetailsUpdate {
    /// Stores `status` and `details` for `sourceID`; returns whether the source took the moved address (not when
    /// another source follows it already: the same feed added twice, or two feeds merged by their site, which keeps
    /// its own address and follows the redirect each time rather than fail every refresh on the unique URL).
    static func apply(
        status: StoredFetchStatus?, details: FeedDetails, sourceID id: UUID, _ db: Database
    ) throws -> Bool {
        let sourceID = id.uuidString
        if let status {
            _ = try FeedDatabase.saveFetchStatus(status, sourceID: id, db)  // the source exists: the merge checked
        }
        var details = details
        var moved = false
        if let url = details.url {
            let taken = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM source WHERE url = ? AND id <> ?", arguments: [url, sourceID]) == true
            if taken { details.url = nil }
            moved = !taken
        }
        if !details.isEmpty {
            try db.execute(
                sql: """
                    UPDATE source SET title = coalesce(?, title), siteLink = coalesce(?, siteLink),
                        url = coalesce(?, url), iconURL = coalesce(?, iconURL)
                    WHERE id = ?
                    """,
                arguments: [details.title, details.siteLink, details.url, details.iconURL, sourceID])
        }
        return moved
    }
}
