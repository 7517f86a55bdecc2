import Foundation
import ReduxVM
import Synchronization
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Reading a page at a time: the pages of a query, put together, are what the whole query reads, and each
/// page holds at most the page size.
@Suite("The query API, a page at a time")
struct ArticlePagesTests {
    @Test("300 random queries, read in pages of random sizes, give the whole result in order")
    func pagesMakeTheWholeResult() throws {
        let (database, _) = try ArticleQueryTests.database()
        var generator = SplitMix64(seed: 11)
        let sources = try database.loadSources().map(\.id).sorted { $0.uuidString < $1.uuidString }
        for round in 0..<300 {
            let query = QueryModel.randomQuery(using: &generator, sources: sources)
            let pageSize = 1 + Int(generator.next() % 40)
            var pages: [[ArticleSnapshot]] = []
            try database.forEachArticlePage(query, pageSize: pageSize) { page in
                pages.append(page)
                return true
            }
            let whole = try database.articles(query)
            #expect(pages.flatMap { $0 }.map(\.id) == whole.map(\.id), "round \(round): \(query)")
            #expect(pages.dropLast().allSatisfy { $0.count == pageSize }, "round \(round): \(query)")
            #expect(pages.allSatisfy { !$0.isEmpty && $0.count <= pageSize }, "round \(round): \(query)")
        }
    }

    /// A database where most articles share one date: 1,200 in 3 sources, every tenth a minute later and every
    /// tenth but five a minute earlier, stored in an order of their own (numbers do not follow the sources).
    static func oneDateDatabase() throws -> FeedDatabase {
        let database = try FeedDatabase.inMemory()
        let date = Date(timeIntervalSince1970: 1_750_000_000)
        let sources = (0..<3).map { index in
            StoredSource(
                id: SyntheticFeeds.uuid(prefix: 0x5, index), url: "https://example.org/same/\(index).xml",
                title: "Same \(index)", addedAt: date, sortOrder: index)
        }
        let articles = (0..<1_200).map { index in
            let offset: TimeInterval = index % 10 == 0 ? 60 : index % 10 == 5 ? -60 : 0
            return StoredArticle(
                id: SyntheticFeeds.uuid(prefix: 0xA, index), sourceID: sources[(index * 7) % 3].id,
                stableID: "same-\(index)", title: "Article \(index)", link: "https://example.org/same/\(index)",
                author: nil, publishedAt: date.addingTimeInterval(offset), updatedAt: nil, summary: nil,
                contentHTML: nil, enclosureURL: nil, enclosureType: nil, firstSeenAt: date, isRead: index % 3 == 0,
                isStarred: false)
        }
        try database.bulkInsert(sources: sources, articles: articles)
        return database
    }

    @Test(
        "paging with after through many articles of one date gives each once, in date then number order",
        arguments: [ArticleQuery.Order.newestFirst, .oldestFirst])
    func pagingThroughOneDate(order: ArticleQuery.Order) throws {
        let database = try Self.oneDateDatabase()
        let all = try database.articles(ArticleQuery(order: order))
        #expect(all.count == 1_200)
        let expected = all.sorted { a, b in
            order == .oldestFirst
                ? (a.date, a.number) < (b.date, b.number) : (a.date, a.number) > (b.date, b.number)
        }
        #expect(all.map(\.id) == expected.map(\.id), "the query's own order is date, then number")
        var query = ArticleQuery(order: order, limit: 70)
        var read: [ArticleSnapshot] = []
        var pages = 0
        while true {
            let page = try database.articles(query)
            #expect(page.count <= 70)
            guard let last = page.last else { break }
            read += page
            pages += 1
            query.after = last.position
        }
        #expect(pages == 18)
        #expect(read.map(\.id) == expected.map(\.id))
        #expect(Set(read.map(\.id)).count == 1_200)
        // The same through one reading's pages, and for the unread articles only.
        for isRead in [nil, false] as [Bool?] {
            var whole = ArticleQuery(isRead: isRead, order: order)
            whole.includesBody = true
            var sizes: [Int] = []
            var ids: [UUID] = []
            try database.forEachArticlePage(whole, pageSize: 100) { page in
                sizes.append(page.count)
                ids += page.map(\.id)
                return true
            }
            let selected = expected.filter { isRead == nil || $0.isRead == isRead }
            #expect(ids == selected.map(\.id))
            #expect(sizes.allSatisfy { $0 <= 100 } && sizes.count == (selected.count + 99) / 100)
        }
    }

    @Test("returning false stops the reading after that page")
    func stopping() throws {
        let (database, _) = try ArticleQueryTests.database()
        for query in [ArticleQuery(), ArticleQuery(order: .oldestFirst, limitPerSource: 50)] {
            var pages = 0
            try database.forEachArticlePage(query, pageSize: 30) { page in
                pages += 1
                return pages < 3
            }
            #expect(pages == 3)
        }
    }

    @Test("each source's newest, oldest first, start at the source's cutoff on its date index")
    func perSourceOldestFirst() throws {
        let (database, all) = try ArticleQueryTests.database()
        let query = ArticleQuery(isRead: false, order: .oldestFirst, limitPerSource: 7)
        var read: [ArticleSnapshot] = []
        try database.forEachArticlePage(query, pageSize: 5) { page in
            read += page
            return true
        }
        let unread = all.filter { !$0.isRead }
        let expected = Dictionary(grouping: unread, by: \.sourceID).values
            .flatMap { $0.sorted { $1.position.precedes($0.position) }.prefix(7) }
            .sorted { $0.position.precedes($1.position) }
        #expect(read.map(\.id) == expected.map(\.id))
        #expect(read.count == 28)
    }

    @Test("a running store hands the pages over in its database lane, from one read")
    func onAStore() async throws {
        let store = try await StoreQueryTests.store()
        final class Pages: Sendable {
            let sizes = Mutex<[Int]>([])
            let ids = Mutex<[UUID]>([])
        }
        let pages = Pages()
        try await store.articles(ArticleQuery(isRead: false), pageSize: 25) { page in
            pages.sizes.withLock { $0.append(page.count) }
            pages.ids.withLock { $0 += page.map(\.id) }
            return true
        }
        #expect(pages.sizes.withLock { $0 } == [25, 25, 10])
        #expect(pages.ids.withLock { $0 } == (try await store.articles(ArticleQuery(isRead: false))).map(\.id))
    }
}
