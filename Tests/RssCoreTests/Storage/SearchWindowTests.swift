import Foundation
import GRDB
import Testing
@_spi(Benchmarks) @testable import RssCore

/// Searches read in the full-text index's date-key order: every window equals the same window of every
/// match sorted exactly, whatever the ties within a second, and the count stops at the cap.
@Suite("Search windows in date order")
struct SearchWindowTests {
    /// 60 articles of one source over a few seconds (several in each second, in an order unlike their
    /// storage order), every third one read; all match "alpha", the even ones "beta" too.
    func crowded(_ kind: DatabaseKind) throws -> (FeedDatabase, TemporaryDirectory) {
        let (database, directory) = try kind.open()
        let source = makeSource("crowded")
        try database.saveSource(source)
        var random = SplitMix64(seed: 7)
        let items = (0..<60).map { index in
            var item = makeItem("\(index)", summary: index % 2 == 0 ? "alpha beta" : "alpha")
            item.publishedAt = referenceDate.addingTimeInterval(Double(Int.random(in: 0..<5, using: &random)) + Double.random(in: 0..<1, using: &random))
            return item
        }
        try database.mergeFetchedItems(items, sourceID: source.id)
        let ids = try database.articles(ArticleQuery()).map(\.id)
        try database.setRead(true, articleIDs: ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element))
        return (database, directory)
    }

    /// Every match of `filter`, sorted exactly, through the join (the plan a non-date sort uses).
    func exactOrder(_ database: FeedDatabase, _ filter: ListFilter, _ order: ArticleQuery.Order) throws -> [UUID] {
        let sql = try #require(ArticleSQL(ArticleQuery(filter)))
        return try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT article.id \(sql.fromWhere) \(ArticleSQL.orderBy(order))", arguments: sql.arguments)
                .map { $0.uuid("id") }
        }
    }

    @Test("every window of a search equals that window of the matches sorted exactly", arguments: DatabaseKind.allCases)
    func windowsMatchExactOrder(kind: DatabaseKind) throws {
        let (database, _) = try crowded(kind)
        for filter in [ListFilter(searchText: "alpha"), ListFilter(marks: .unread, searchText: "beta")] {
            for (sort, order) in [(ListSort.newestFirst, ArticleQuery.Order.newestFirst), (.oldestFirst, .oldestFirst)] {
                let exact = try exactOrder(database, filter, order)
                #expect(exact.count == (filter.marks == .all ? 60 : try database.countArticles(ArticleQuery(filter))))
                #expect(exact.count > 10)
                for limit in [1, 7, 50] {
                    for offset in stride(from: 0, to: exact.count + 3, by: 5) {
                        let window = try database.listArticles(filter, sort: sort, limit: limit, offset: offset)
                        #expect(window.rows.map(\.id) == Array(exact.dropFirst(offset).prefix(limit)), "\(filter) \(sort) \(limit) \(offset)")
                        #expect(window.totalCount == exact.count && !window.isCountCapped)
                    }
                }
                // The query API pages with `after` through the same order.
                var paged: [UUID] = []
                var query = ArticleQuery(filter, order: order)
                query.limit = 7
                while true {
                    let page = try database.articles(query)
                    paged += page.map(\.id)
                    guard page.count == 7, let last = page.last else { break }
                    query.after = last.position
                }
                #expect(paged == exact)
            }
        }
    }

    @Test("a search past the cap counts to the cap and says so; paging past it counts further")
    func countStopsAtTheCap() throws {
        let (database, _) = try DatabaseKind.memory.open()
        let source = makeSource("many")
        let articles = (0..<(SearchWindow.countCap + 20)).map { index in
            StoredArticle(
                id: UUID(), sourceID: source.id, stableID: "\(index)", title: "common \(index)", link: nil, author: nil,
                publishedAt: referenceDate.addingTimeInterval(Double(index)), updatedAt: nil, summary: nil,
                contentHTML: nil, enclosureURL: nil, enclosureType: nil, firstSeenAt: referenceDate, isRead: false,
                isStarred: false)
        }
        try database.bulkInsert(sources: [source], articles: articles)
        let first = try database.listPage(ListFilter(searchText: "common"), sort: .newestFirst, page: 0, pageSize: 50)
        #expect(first.totalCount == SearchWindow.countCap && first.isCountCapped)
        #expect(first.rows.first?.title == "common \(SearchWindow.countCap + 19)")
        let beyond = try database.listPage(
            ListFilter(searchText: "common"), sort: .newestFirst, page: SearchWindow.countCap / 50 + 5, pageSize: 50)
        #expect(beyond.totalCount == SearchWindow.countCap + 20 && !beyond.isCountCapped)
        #expect(beyond.offset == SearchWindow.countCap && beyond.rows.map(\.title) == (0..<20).reversed().map { "common \($0)" })
        let byTitle = try database.listPage(ListFilter(searchText: "common"), sort: .title, page: 0, pageSize: 3)
        #expect(byTitle.isCountCapped && byTitle.rows.map(\.title) == ["common 0", "common 1", "common 10"])
        #expect(try database.countArticles(ArticleQuery(searchText: "common")) == SearchWindow.countCap + 20)
        try database.checkSearchIndex()
    }

    @Test("a changed date moves an article in the search order")
    func changedDateReindexes() throws {
        let (database, _) = try DatabaseKind.file.open()
        let source = makeSource("dates")
        try database.saveSource(source)
        try database.mergeFetchedItems([makeItem("old", minutesAgo: 60), makeItem("new", minutesAgo: 1)], sourceID: source.id)
        #expect(try database.search("title", limit: 1).rows.map(\.title) == ["Title new"])
        try database.mergeFetchedItems([makeItem("old", minutesAgo: 0)], sourceID: source.id)
        #expect(try database.search("title", limit: 1).rows.map(\.title) == ["Title old"])
        try database.checkSearchIndex()
    }

    @Test("a whole word is searched as the words of the index it begins: the same matches as its prefix", arguments: DatabaseKind.allCases)
    func wordsExpandToTheIndexWords(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let source = makeSource("words")
        try database.saveSource(source)
        let titles = ["Alpha", "alphabet soup", "Alphas", "beta", "Ålpha", "café alpha"] + (0..<20).map { "omega\($0)" }
        try database.mergeFetchedItems(
            titles.enumerated().map { makeItem("\($0.offset)", title: $0.element, summary: "text") }, sourceID: source.id)
        let expanded = try database.writer.read { db in try SearchQuery.expandedMatchExpression(for: "ALPHA omega café", db) }
        #expect(expanded == #"("alpha" OR "alphabet" OR "alphas") AND "omega"* AND "café"*"#)
        for (text, count) in [("alpha", 5), ("alph", 5), ("ALPHAS", 1), ("omega", 20), ("omega1", 11), ("café", 1), ("zzz", 0)] {
            #expect(try database.search(text, limit: 50).totalCount == count, "\(text)")
            #expect(try database.countArticles(ArticleQuery(searchText: text)) == count, "\(text)")
            #expect(try database.articles(ArticleQuery(searchText: text, limit: 50)).count == count, "\(text)")
        }
    }
}
