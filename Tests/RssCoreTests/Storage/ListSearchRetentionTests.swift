import Foundation
import GRDB
import Testing
@_spi(Benchmarks) @testable import RssCore

@Suite("List windows, search, counts and retention")
struct ListSearchRetentionTests {
    /// Two sources: "a" with items a0…a4 (a0 newest), "b" with b0…b2; a1 read, b0 starred.
    func populated(_ kind: DatabaseKind) throws -> (FeedDatabase, TemporaryDirectory, StoredSource, StoredSource, [String: UUID]) {
        let (database, directory) = try kind.open()
        let a = makeSource("a", order: 0), b = makeSource("b", order: 1)
        try database.saveSource(a)
        try database.saveSource(b)
        try database.mergeFetchedItems((0..<5).map { makeItem("a\($0)", minutesAgo: Double($0 * 2)) }, sourceID: a.id)
        try database.mergeFetchedItems(
            (0..<3).map { makeItem("b\($0)", minutesAgo: Double($0 * 2 + 1), summary: $0 == 2 ? "marmalade recipe" : nil) },
            sourceID: b.id)
        let all = try database.listArticles(ListFilter(), limit: 100).rows
        let ids = Dictionary(uniqueKeysWithValues: all.map { (String($0.title.dropFirst("Title ".count)), $0.id) })
        try database.setRead(true, articleIDs: [ids["a1"]!])
        try database.setStarred(true, articleIDs: [ids["b0"]!])
        return (database, directory, a, b, ids)
    }

    func titles(_ window: ArticleWindow) -> [String] { window.rows.map { String($0.title.dropFirst("Title ".count)) } }

    @Test(arguments: DatabaseKind.allCases)
    func filtersSortsAndPages(kind: DatabaseKind) throws {
        let (database, _, a, b, _) = try populated(kind)
        let newest = try database.listArticles(ListFilter(), limit: 3)
        #expect(titles(newest) == ["a0", "b0", "a1"])
        #expect(newest.totalCount == 8)
        #expect(titles(try database.listArticles(ListFilter(), limit: 3, offset: 3)) == ["b1", "a2", "b2"])
        #expect(titles(try database.listArticles(ListFilter(), sort: .oldestFirst, limit: 2)) == ["a4", "a3"])
        let unread = try database.listArticles(ListFilter(marks: .unread), limit: 100)
        #expect(unread.totalCount == 7 && !titles(unread).contains("a1"))
        #expect(titles(try database.listArticles(ListFilter(marks: .starred), limit: 100)) == ["b0"])
        #expect(titles(try database.listArticles(ListFilter(sourceID: b.id), limit: 100)) == ["b0", "b1", "b2"])
        #expect(titles(try database.listArticles(ListFilter(marks: .unread, sourceID: a.id), limit: 2)) == ["a0", "a2"])
        #expect(try database.listArticles(ListFilter(marks: .unread, sourceID: a.id), limit: 2).totalCount == 4)
    }

    @Test(arguments: DatabaseKind.allCases)
    func countsAndMarkAllRead(kind: DatabaseKind) throws {
        let (database, _, a, b, ids) = try populated(kind)
        #expect(try database.articleCounts() == ArticleCounts(total: 8, unread: 7, starred: 1, unreadBySource: [a.id: 4, b.id: 3]))
        #expect(try database.markAllRead(sourceIDs: [a.id]) == CountChange(unreadBySource: [a.id: -4]))
        #expect(try database.articleCounts().unreadBySource == [b.id: 3])
        #expect(try database.setRead(false, articleIDs: [ids["a0"]!, ids["a0"]!]) == CountChange(unreadBySource: [a.id: 1]))
        #expect(try database.markAllRead() == CountChange(unreadBySource: [a.id: -1, b.id: -3]))
        #expect(try database.articleCounts().unread == 0)
        #expect(try database.setStarred(false, articleIDs: [ids["b0"]!]) == CountChange(starred: -1))
        #expect(try database.setStarred(false, articleIDs: [ids["b0"]!]) == CountChange())
        #expect(try database.articleCounts().starred == 0)
    }

    @Test(arguments: DatabaseKind.allCases)
    func searchMatchesPrefixesAcrossTitleAndText(kind: DatabaseKind) throws {
        let (database, _, a, _, _) = try populated(kind)
        #expect(titles(try database.search("marma", limit: 10)) == ["b2"])
        #expect(titles(try database.search("MARMALADE Recipe", limit: 10)) == ["b2"])
        #expect(try database.search("body a3", limit: 10).rows.count == 1)
        #expect(try database.listArticles(ListFilter(sourceID: a.id, searchText: "marmalade"), limit: 10).totalCount == 0)
        #expect(try database.listArticles(ListFilter(searchText: "  "), limit: 10).totalCount == 8)
    }

    @Test(arguments: ["\"", "*", "NEAR(", "-", "a\"b", "title:x", "^x", "(", ")", "AND", "OR NOT", "\"marmalade", "marmalade*", "-marmalade", "NEAR(marmalade recipe)", "'; DROP TABLE article; --", "\u{0}"])
    func hostileSearchTextNeverFails(text: String) throws {
        let (database, _, _, _, _) = try populated(.memory)
        let window = try database.search(text, limit: 10)
        if text.lowercased().contains("marmalade"), !text.contains("NEAR") {
            #expect(titles(window) == ["b2"])
        }
        #expect(try database.listArticles(ListFilter(), limit: 1).totalCount == 8)
    }

    @Test(arguments: DatabaseKind.allCases)
    func retentionKeepsStarredAndDoesNotResurrect(kind: DatabaseKind) throws {
        let (database, _, a, b, ids) = try populated(kind)
        try database.setStarred(true, articleIDs: [ids["a4"]!])
        // Newest 2 per source: a2, a3 go (a4 starred stays); b2 goes.
        #expect(try database.applyRetention(RetentionPolicy(maxArticlesPerSource: 2)).total == -3)
        #expect(titles(try database.listArticles(ListFilter(sourceID: a.id), limit: 10)) == ["a0", "a1", "a4"])
        #expect(titles(try database.listArticles(ListFilter(sourceID: b.id), limit: 10)) == ["b0", "b1"])
        // The feed still lists a2: it is not brought back.
        let again = try database.mergeFetchedItems((0..<5).map { makeItem("a\($0)", minutesAgo: Double($0 * 2)) }, sourceID: a.id)
        #expect(again?.inserted == 0)
        // Age: everything older than 1.5 minutes before the reference date, except starred b0 and a4.
        let removed = try database.applyRetention(RetentionPolicy(maxAgeDays: 0), now: referenceDate.addingTimeInterval(-90))
        #expect(removed.total == -2)
        #expect(Set(titles(try database.listArticles(ListFilter(), limit: 10))) == ["a0", "b0", "a4"])
        try database.checkSearchIndex()
    }

    /// The `detail` column of each EXPLAIN QUERY PLAN row.
    func planDetails(_ db: Database, sql: String, arguments: StatementArguments = []) throws -> [String] {
        try Row.fetchAll(db, sql: sql, arguments: arguments).map { $0["detail"] }
    }

    @Test func listQueriesUseIndexes() throws {
        let database = try FeedDatabase.inMemory()
        try SyntheticFeeds.fill(database, sourceCount: 20, articleCount: 2_000)
        try database.write(.check) { db in try db.execute(sql: "ANALYZE") }
        let someSource = SyntheticFeeds.uuid(prefix: 0x5, 3)
        let filters: [ListFilter] = [
            ListFilter(), ListFilter(marks: .unread), ListFilter(marks: .starred),
            ListFilter(sourceID: someSource), ListFilter(marks: .unread, sourceID: someSource),
        ]
        for filter in filters {
            let query = try #require(ArticleSQL(ArticleQuery(filter)))
            for order in ["article.sortDate DESC, article.rowid DESC", "article.sortDate, article.rowid"] {
                let plan = try database.read(.check) { db in
                    try planDetails(
                        db, sql: "EXPLAIN QUERY PLAN SELECT \(ArticleRow.columns) \(query.fromWhere) ORDER BY \(order) LIMIT 50",
                        arguments: query.arguments)
                }.joined(separator: " | ")
                #expect(plan.contains("USING INDEX"), "\(filter): \(plan)")
                #expect(!plan.contains("TEMP B-TREE"), "\(filter): \(plan)")
            }
        }
        let markPlan = try database.read(.check) { db in
            try planDetails(db, sql: "EXPLAIN QUERY PLAN UPDATE article SET isRead = 1 WHERE id = ?", arguments: ["x"])
        }.joined()
        #expect(markPlan.contains("USING INDEX"), "\(markPlan)")
        let searchPlan = try database.read(.check) { db in
            try planDetails(db, sql: "EXPLAIN QUERY PLAN SELECT article.id FROM article JOIN article_search ON article_search.rowid = article.rowid WHERE article_search MATCH 'x'")
        }.joined(separator: " | ")
        #expect(searchPlan.contains("VIRTUAL TABLE INDEX") && searchPlan.contains("INTEGER PRIMARY KEY"), "\(searchPlan)")
    }
}
