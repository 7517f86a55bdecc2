import Foundation
import GRDB
import Testing

@testable import RssCore

@Suite("Source icons in a database of the version before")
struct SourceIconMigrationTests {
    @Test("the migration adds the icon column to every source, empty; a fetch of a feed that declares one fills it")
    func migrates() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("a")
        let previous = try #require(FeedSchema.migrationIdentifiers.firstIndex(of: FeedSchema.sourceIconMigration))
        let queue = try directory.database(migratedUpTo: previous - 1)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, ?, ?, ?)",
                arguments: [source.id.uuidString, source.url, source.title, source.addedAt.storageValue])
        }
        try queue.close()

        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        #expect(FeedSchema.migrationIdentifiers.last == FeedSchema.sourceIconMigration)
        let stored = try #require(try database.source(id: source.id))
        #expect(stored.iconURL == nil)
        let columns = try database.read(.check) { db in try db.columns(in: "source").map(\.name) }
        #expect(columns.last == "iconURL")
    }

    @Test("a feed's icon is kept resolved against the feed, http(s) only", arguments: [
        ("/icon.png", "https://news.example/feed.xml", "https://news.example/icon.png"),
        ("https://cdn.example/i.png", "https://news.example/feed.xml", "https://cdn.example/i.png"),
        ("javascript:alert(1)", "https://news.example/feed.xml", nil),
        ("data:image/png;base64,AAAA", "https://news.example/feed.xml", nil),
        ("file:///etc/passwd", "https://news.example/feed.xml", nil),
        ("  ", "https://news.example/feed.xml", nil),
    ] as [(String, String, String?)])
    func address(declared: String, feed: String, kept: String?) {
        #expect(FeedIcon.address(declared, feed: feed) == kept)
    }
}
