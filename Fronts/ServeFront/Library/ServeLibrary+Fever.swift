import Foundation
import ReduxVM
import RssCore
import Synchronization
import ServeCore

extension ServeLibrary {
    /// The numbers of the articles `query` selects, in its order, read a page at a time without the articles'
    /// text: Fever's `unread_item_ids` lists every unread article, which may be a hundred thousand, and only
    /// their numbers are kept.
    func articleNumbers(_ query: ArticleQuery) async throws -> [Int64] {
        var light = query
        light.includesBody = false
        let collected = NumberCollector()
        try await store.articles(light, pageSize: Self.numberPageSize) { page in
            collected.append(page)
            return true
        }
        return collected.numbers
    }

    /// Articles read at a time by ``articleNumbers(_:)``.
    static let numberPageSize = 2_000

    /// Marks the articles of the sources filed under `tag` within `bound` read; RssCore resolves the tag's
    /// sources where it stores the marks.
    func markAllRead(tag: String, bound: MarkAllRead.Bound) async throws {
        let ticket = CommandTicket()
        try Self.stored(await store.outcome(of: ticket, dispatching: MarkAllRead(tag: tag, bound: bound, ticket: ticket)))
    }
}

/// The numbers of the pages a paged read hands over, which it hands over from the database lane.
private final class NumberCollector: Sendable {
    private let collected = Mutex<[Int64]>([])

    func append(_ page: [ArticleSnapshot]) {
        collected.withLock { $0 += page.map(\.number) }
    }

    var numbers: [Int64] { collected.withLock { $0 } }
}
