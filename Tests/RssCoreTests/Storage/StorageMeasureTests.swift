import Foundation
import Testing
@testable import RssCore

/// Rough timings on the benchmark's size (100,000 articles, 200 sources) on a real file. Off by default (filling
/// takes seconds in a debug build); `RSSCORE_STORAGE_MEASURE=1 swift test --filter StorageMeasureTests` prints them.
/// The release benchmark is the reference; this only guards against an unindexed query slipping in.
@Suite("Storage timings on 100,000 articles",
       .enabled(if: ProcessInfo.processInfo.environment["RSSCORE_STORAGE_MEASURE"] == "1"))
struct StorageMeasureTests {
    func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    }

    @Test func timings() throws {
        let directory = try TemporaryDirectory()
        var database = try FeedDatabase(location: .file(path: directory.databasePath))
        let fill = try milliseconds { try SyntheticFeeds.fill(database, sourceCount: 200, articleCount: 100_000) }
        var open = 0.0
        try open = milliseconds { database = try FeedDatabase(location: .file(path: directory.databasePath)) }
        var window = ArticleWindow(rows: [], totalCount: 0)
        let firstPage = try milliseconds { window = try database.listArticles(ArticleFilter(), limit: 50) }
        let unreadPage = try milliseconds { _ = try database.listArticles(ArticleFilter(status: .unread), limit: 50) }
        let markRead = try milliseconds { try database.setRead(true, articleIDs: [window.rows[7].id]) }
        let counts = try milliseconds { _ = try database.articleCounts() }
        var hits = 0
        let rareSearch = try milliseconds { hits = try database.search("zeppelin marma", limit: 50).totalCount }
        var selectiveHits = 0
        let selectiveSearch = try milliseconds { selectiveHits = try database.search("topic42", limit: 50).totalCount }
        let commonSearch = try milliseconds { _ = try database.search("swift", limit: 50) }
        print("""
            storage timings (ms): fill \(Int(fill)), open \(open), first page \(firstPage), unread page \(unreadPage), \
            mark read \(markRead), counts \(counts), search selective (\(selectiveHits) hits) \(selectiveSearch), \
            search two words (\(hits) hits) \(rareSearch), search common \(commonSearch)
            """)
        #expect(firstPage < 100)
        #expect(markRead < 10)
        #expect(selectiveSearch < 50)
    }
}
