import Foundation
import GRDB

/// The bulk path for large imports: sources and articles written in one transaction with the full-text
/// triggers off, then the whole index rebuilt in key order and one count of the articles (inserts have no count
/// trigger: see ``FeedSchema/countInsertsByWriters(_:)``).
extension FeedDatabase {
    /// Inserts `sources` (skipping ids already stored) and `articles` (skipping (source, stable id) pairs already
    /// stored), then rebuilds the search index. Returns how many articles were inserted.
    ///
    /// The triggers are dropped and re-created from their own stored SQL inside the same transaction, so no other
    /// process ever writes while they are missing (it waits for the write lock), a crash rolls the drop back with
    /// everything else, and a later migration that changes the triggers needs no change here.
    @discardableResult
    func bulkInsert(sources: [StoredSource], articles: [StoredArticle]) throws(DatabaseProblem) -> Int {
        try write(.storeFeed) { db in
            let triggers = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'article'
                    AND name LIKE 'article_search_%'
                """)
            for trigger in triggers {
                try db.execute(sql: "DROP TRIGGER \((trigger["name"] as String).quotedDatabaseIdentifier)")
            }
            let sourceInsert = try db.makeStatement(sql: """
                INSERT OR IGNORE INTO source (\(StoredSource.columns)) VALUES (\(StoredSource.placeholders))
                """)
            for source in sources {
                try sourceInsert.execute(arguments: source.arguments)
                try Self.registerTags(source.tags, db)
            }
            let articleInsert = try db.makeStatement(sql: """
                INSERT OR IGNORE INTO article (\(StoredArticle.columns)) VALUES (\(StoredArticle.placeholders))
                """)
            let numberedInsert = try db.makeStatement(sql: """
                INSERT OR IGNORE INTO article (rowid, \(StoredArticle.columns)) VALUES (?, \(StoredArticle.placeholders))
                """)
            // Above every number ever given (see `mergeFetchedItems`): the first article stored is numbered so,
            // and the rest follow from it by SQLite's own rule.
            var floor = try Self.firstFreeArticleNumber(db)
            var inserted = 0
            for article in articles {
                if let number = floor {
                    try numberedInsert.execute(arguments: [number] + article.arguments)
                    if db.changesCount > 0 { floor = nil }
                } else {
                    try articleInsert.execute(arguments: article.arguments)
                }
                inserted += db.changesCount
            }
            for trigger in triggers { try db.execute(sql: trigger["sql"]) }
            try FeedSchema.reindexSearch(db)
            try FeedSchema.recountArticles(db)
            return inserted
        }
    }

    /// Checks the full-text index against the article table (FTS5 `integrity-check` with content comparison).
    func checkSearchIndex() throws(DatabaseProblem) {
        try write(.check) { db in
            try db.execute(sql: "INSERT INTO article_search(article_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    /// SQLite's `PRAGMA integrity_check` result: `["ok"]` for a sound file.
    func integrityCheck() throws(DatabaseProblem) -> [String] {
        try read(.check) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
