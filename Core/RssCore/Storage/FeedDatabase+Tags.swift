import Foundation
import GRDB

/// Tags: what a user files a source under, kept one a line in `source.tags` (see ``ArticleSQL/sourcesTagged``
/// for how lists and marks select by them).
extension FeedDatabase {
    /// Replaces the tags of source `id`, touching nothing else of it. Returns false when there is no such source.
    @discardableResult
    func setSourceTags(id: UUID, _ tags: [String]) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(
                sql: "UPDATE source SET tags = ? WHERE id = ?", arguments: [tags.storedLines ?? "", id.uuidString])
            return db.changesCount > 0
        }
    }

    /// Sets the user's name for source `id` (nil: its feed's title is shown), touching nothing else of it.
    /// Returns false when there is no such source.
    @discardableResult
    func setSourceCustomTitle(id: UUID, _ title: String?) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(sql: "UPDATE source SET customTitle = ? WHERE id = ?", arguments: [title, id.uuidString])
            return db.changesCount > 0
        }
    }
}
