import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The news lists' four orders, page by page, against the same order computed in Swift.
@Suite("List orders")
struct ListSortTests {
    @Test("newest, oldest, by source and by title: pages concatenate to the model's order", arguments: ListSort.allCases)
    func pagesFollowTheModel(sort: ListSort) throws {
        let database = try FeedDatabase.inMemory()
        try SyntheticFeeds.fill(database, sourceCount: 7, articleCount: 120)
        let all = try database.listArticles(ListFilter(), sort: .newestFirst, limit: 1_000).rows
        let titles = try Dictionary(uniqueKeysWithValues: database.loadSources().map { ($0.id, $0.title) })
        // The model: the date order (newest first, storage order breaking ties), then sorted stably by the key.
        let model: [ArticleRow] =
            switch sort {
            case .newestFirst: all
            case .oldestFirst: all.reversed()
            case .source: stableSorted(all) { titles[$0.sourceID]!.lowercased() }
            case .title: stableSorted(all) { $0.title.lowercased() }
            }
        var paged: [ArticleRow] = []
        for page in 0..<12 {  // 120 articles; a page past the last would read the last again
            paged += try database.listPage(ListFilter(), sort: sort, page: page, pageSize: 10).rows
        }
        #expect(paged.map(\.id) == model.map(\.id), "\(sort): pages differ from the model")
        let unread = try database.listPage(ListFilter(marks: .unread), sort: sort, page: 0, pageSize: 200).rows
        #expect(unread.map(\.id) == model.filter { !$0.isRead }.map(\.id))
    }

    private func stableSorted(_ rows: [ArticleRow], by key: (ArticleRow) -> String) -> [ArticleRow] {
        rows.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
    }
}
