import Foundation
import GRDB

/// The numbers sync clients name sources, tags and articles by (see `FeedSchema.createSyncNumbers`).
extension FeedDatabase {
    /// Every source's number, and every tag in use or kept with its number, in one read.
    func libraryNumbers() throws(DatabaseProblem) -> LibraryNumbers {
        try read(.loadSources) { db in
            var sources: [UUID: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT sourceId, number FROM source_number") {
                if let id = UUID(canonicalText: row[0]) { sources[id] = row[1] }
            }
            let used = Set(try String.fetchAll(db, sql: "SELECT tags FROM source").flatMap { [String](lines: $0) })
            let tags = try Row.fetchAll(db, sql: "SELECT name, number, isKept FROM tag ORDER BY name").compactMap { row in
                let name: String = row[0]
                let isKept: Bool = row[2]
                return isKept || used.contains(name) ? LibraryNumbers.Tag(name: name, number: row[1], isKept: isKept) : nil
            }
            return LibraryNumbers(sources: sources, tags: tags)
        }
    }

    /// The rowid the next article inserted must have so that no removed article's number is given again
    /// (see `FeedSchema.createSyncNumbers`), or nil when SQLite's own choice (the highest rowid + 1) is free.
    static func firstFreeArticleNumber(_ db: Database) throws -> Int64? {
        let removed = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT value FROM counter WHERE name = '\(FeedSchema.articleNumberCounter)'")) ?? 0
        let highest = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(rowid) FROM article")) ?? 0
        return removed > highest ? removed + 1 : nil
    }
}
