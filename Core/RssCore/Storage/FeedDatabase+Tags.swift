import Foundation
import GRDB

/// Tags: what a user files a source under, kept one a line in `source.tags` (see ``ArticleSQL/sourcesTagged``
/// for how lists and marks select by them), and the registry of tags with their numbers (`tag`, see
/// `FeedSchema.createSyncNumbers`), which every write of a source's tags keeps up to date.
extension FeedDatabase {
    /// Replaces the tags of source `id`, touching nothing else of it. Returns false when there is no such source.
    @discardableResult
    func setSourceTags(id: UUID, _ tags: [String]) throws(DatabaseProblem) -> Bool {
        try write(.saveSource) { db in
            try db.execute(
                sql: "UPDATE source SET tags = ? WHERE id = ?", arguments: [tags.storedLines ?? "", id.uuidString])
            let existed = db.changesCount > 0  // read before the registry's inserts change it
            try Self.registerTags(tags, db)
            return existed
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

    /// Makes `name` a tag that exists without sources, until ``deleteTag(_:)``.
    func keepTag(_ name: String) throws(DatabaseProblem) {
        try write(.saveSource) { db in
            try Self.registerTags([name], db)
            try db.execute(sql: "UPDATE tag SET isKept = 1 WHERE name = ?", arguments: [name])
        }
    }

    /// Renames the tag `old` to `new` on every source filed under it and every rule for them, in one
    /// transaction with the registry:
    /// the tag keeps its number, unless `new` is a tag already, whose number the merged tag keeps. Sources
    /// already filed under both keep `new` once, where it was.
    func renameTag(_ old: String, to new: String) throws(DatabaseProblem) {
        try write(.saveSource) { db in
            try Self.rewriteTags(of: old, db) { tags in
                tags.contains(new) ? tags.filter { $0 != old } : tags.map { $0 == old ? new : $0 }
            }
            try db.execute(sql: "UPDATE rule SET tag = ? WHERE tag = ?", arguments: [new, old])
            let existing = try Row.fetchOne(db, sql: "SELECT isKept FROM tag WHERE name = ?", arguments: [new])
            if let existing {
                let wasKept = try Bool.fetchOne(db, sql: "SELECT isKept FROM tag WHERE name = ?", arguments: [old]) ?? false
                try db.execute(sql: "DELETE FROM tag WHERE name = ?", arguments: [old])
                if wasKept && !(existing["isKept"] as Bool) {
                    try db.execute(sql: "UPDATE tag SET isKept = 1 WHERE name = ?", arguments: [new])
                }
            } else {
                try db.execute(sql: "UPDATE tag SET name = ? WHERE name = ?", arguments: [new, old])
                try Self.registerTags([new], db)  // `old` was in no registry (a database of an older version's tags)
            }
        }
    }

    /// Takes the tag `name` off every source and forgets it, in one transaction.
    func deleteTag(_ name: String) throws(DatabaseProblem) {
        try write(.saveSource) { db in
            try Self.rewriteTags(of: name, db) { tags in tags.filter { $0 != name } }
            try db.execute(sql: "DELETE FROM tag WHERE name = ?", arguments: [name])
        }
    }

    /// Adds the tags the registry lacks (not kept: they exist while a source is filed under them).
    static func registerTags(_ tags: [String], _ db: Database) throws {
        guard !tags.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT OR IGNORE INTO tag (name) VALUES (?)")
        for tag in tags { try insert.execute(arguments: [tag]) }
    }

    /// Gives every source filed under `tag` the tags `change` makes of its own.
    private static func rewriteTags(of tag: String, _ db: Database, _ change: ([String]) -> [String]) throws {
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, tags FROM source WHERE id IN (\(ArticleSQL.sourcesTagged))",
            arguments: [ArticleSQL.jsonArray([tag])])
        let update = try db.cachedStatement(sql: "UPDATE source SET tags = ? WHERE id = ?")
        for row in rows {
            let tags = change([String](lines: row["tags"]))
            try update.execute(arguments: [tags.storedLines ?? "", row["id"] as String])
        }
    }
}
