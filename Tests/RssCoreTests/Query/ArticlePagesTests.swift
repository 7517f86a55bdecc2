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
