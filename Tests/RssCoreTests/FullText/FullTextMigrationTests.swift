import Foundation
import GRDB
import Testing

@testable import RssCore

@Suite("Full text in a database of the version before")
struct FullTextMigrationTests {
    @Test("the migration adds the columns, keeps the search index valid without a rebuild, and every source off")
    func migrates() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("a")
        let previous = try #require(FeedSchema.migrationIdentifiers.firstIndex(of: FeedSchema.fullTextMigration))
        let queue = try directory.database(migratedUpTo: previous - 1)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, ?, ?, ?)",
                arguments: [source.id.uuidString, source.url, source.title, source.addedAt.storageValue])
            // Stored and indexed as the version before did: its text from the summary and the content.
            try db.execute(
                sql: """
                    INSERT INTO article (id, sourceId, stableId, title, link, summary, contentHTML, firstSeenAt, sortDate)
                    VALUES (?, ?, 'old', 'Old story', 'https://news.example/old', 'a <b>quixotic</b> summary',
                        '<p>and a content</p>', ?, ?)
                    """,
                arguments: [UUID().uuidString, source.id.uuidString, referenceDate.storageValue, referenceDate.storageValue])
            try db.execute(sql: """
                INSERT INTO article_search(rowid, title, body)
                SELECT \(FeedSchema.searchKey("article")), title, \(SearchText.functionName)(summary, contentHTML)
                FROM article
                """)
            try FeedSchema.recountArticles(db)
        }
        try queue.close()

        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        #expect(FeedSchema.migrationIdentifiers.dropLast().last == FeedSchema.fullTextMigration)
        // FTS5 compares the index with what the new view gives: the same text, so no rebuild was needed.
        try database.checkSearchIndex()
        #expect(try database.search("quixotic", limit: 10).totalCount == 1)
        let stored = try #require(try database.source(id: source.id))
        #expect(!stored.isFullText)
        let columns = try database.read(.check) { db in try db.columns(in: "article").map(\.name) }
        #expect(columns.last == "fullTextHTML")
        #expect(
            Set(columns).isSuperset(of: [
                "fullTextAt", "fullTextCheckedAt", "fullTextRetryAt", "fullTextProblem", "fullTextETag",
                "fullTextLastModified", "pageFilled",
            ]))
    }
}
