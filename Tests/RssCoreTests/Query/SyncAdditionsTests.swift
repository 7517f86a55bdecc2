import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// What a sync server needs of RssCore: articles named by a stable number, and "mark all read" within some
/// sources and before a time.
@Suite("Article numbers and scoped mark-all-read")
struct SyncAdditionsTests {
    @Test("an article keeps its number when the database is opened again, and is found by it")
    func numbersAreStableAcrossReopening() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }  // cleanup only: nothing to report
        let path = directory.appendingPathComponent("db.sqlite").path
        var numbers: [UUID: Int64] = [:]
        do {
            let database = try FeedDatabase(location: .file(path: path))
            try SyntheticFeeds.fill(database, sourceCount: 2, articleCount: 50)
            for article in try database.articles(ArticleQuery()) { numbers[article.id] = article.number }
        }
        #expect(Set(numbers.values).count == 50)
        #expect(numbers.values.allSatisfy { $0 > 0 })
        let reopened = try FeedDatabase(location: .file(path: path))
        for article in try reopened.articles(ArticleQuery()) { #expect(numbers[article.id] == article.number) }
        let some = Array(numbers.prefix(5))
        let found = try reopened.articles(ArticleQuery(numbers: Set(some.map(\.value) + [999_999])))
        #expect(Set(found.map(\.id)) == Set(some.map(\.key)))
        #expect(try reopened.articles(ArticleQuery(numbers: [])).isEmpty)
    }

    @Test("mark-all-read within sources and before a time marks only those, in the lists and the database")
    func markAllReadScoped() async throws {
        let database = try FeedDatabase.inMemory()
        let sources = try SyntheticFeeds.fill(database, sourceCount: 3, articleCount: 90)
        let store = try await ActivityFixtures.store(fetcher: FailingFetcher(), database: database)
        let all = try await store.articles(ArticleQuery())
        let cutoff = all[all.count / 2].date
        let scope: Set<UUID> = [sources[0].id, sources[1].id]
        let expected = Set(all.filter { !$0.isRead && scope.contains($0.sourceID) && $0.date < cutoff }.map(\.id))
        #expect(!expected.isEmpty)
        store.dispatch(MarkAllRead(sources: scope, before: cutoff))
        await store.idle()
        let after = try await store.articles(ArticleQuery())
        for article in after {
            let wasUnread = all.first { $0.id == article.id }.map { !$0.isRead } ?? false
            #expect(article.isRead == (expected.contains(article.id) || !wasUnread), "\(article.title)")
        }
        // The rows on screen show it as the database does, and the counts follow.
        for row in store.state.lists.first.rows {
            #expect(row.isRead == after.first { $0.id == row.id }?.isRead)
        }
        #expect(store.state.counts.unread == after.filter { !$0.isRead }.count)
    }

    @Test("the reducer marks only rows in scope and dated before the time")
    func reducerScope() {
        let inside = UUID(), outside = UUID()
        let cutoff = Date(timeIntervalSince1970: 1_000)
        func row(_ source: UUID, _ date: Double) -> ArticleRow {
            ArticleRow(
                id: UUID(), sourceID: source, title: "t", link: nil, author: nil,
                date: Date(timeIntervalSince1970: date), isRead: false, isStarred: false)
        }
        var rows = [row(inside, 500), row(inside, 1_500), row(outside, 500)]
        let change = PendingMarks.Change.allRead(sources: [inside], before: cutoff)
        for index in rows.indices { change.apply(to: &rows[index]) }
        #expect(rows.map(\.isRead) == [true, false, false])
    }
}
