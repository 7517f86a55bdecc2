import Foundation
import GRDB
import Testing
@testable import RssCore

@Suite("Stories in a database of the version before")
struct StoryMigrationTests {
    @Test("articles stored before are left as they were; copies are linked from then on")
    func linksFromNowOn() throws {
        let directory = try TemporaryDirectory()
        let (a, b) = (makeSource("a", order: 0), makeSource("b", order: 1))
        let previous = try #require(FeedSchema.migrationIdentifiers.firstIndex(of: FeedSchema.storiesMigration))
        let queue = try directory.database(migratedUpTo: previous - 1)
        try queue.write { db in
            for source in [a, b] {
                try db.execute(
                    sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, ?, ?, ?)",
                    arguments: [source.id.uuidString, source.url, source.title, source.addedAt.storageValue])
                // The same story in both sources, stored by the version before.
                try db.execute(
                    sql: """
                        INSERT INTO article (id, sourceId, stableId, title, link, firstSeenAt, sortDate)
                        VALUES (?, ?, 'old', 'Old story', 'https://news.example/old', ?, ?)
                        """,
                    arguments: [UUID().uuidString, source.id.uuidString, referenceDate.storageValue, referenceDate.storageValue])
            }
            try FeedSchema.recountArticles(db, weighingDuplicates: false)
        }
        try queue.close()
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        #expect(try database.listArticles(ListFilter(), limit: 10, showingStoriesOnce: true).totalCount == 2)
        var counts = try database.articleCounts()
        counts.countsStoriesOnce = true
        #expect(counts.total == 2 && counts.duplicates == StoryDuplicates())

        // A copy of an old story arriving now shows as before; a story stored from now on is linked.
        try database.mergeFetchedItems(
            [StoryFixture.item("old-again", link: "https://news.example/old"),
             StoryFixture.item("new", link: "https://news.example/new")], sourceID: a.id)
        try database.mergeFetchedItems([StoryFixture.item("new", link: "https://news.example/new")], sourceID: b.id)
        let window = try database.listArticles(ListFilter(), limit: 10, showingStoriesOnce: true)
        #expect(window.totalCount == 4)
        #expect(window.rows.map(\.title).sorted() == ["Old story", "Old story", "Title new", "Title old-again"])
    }
}
