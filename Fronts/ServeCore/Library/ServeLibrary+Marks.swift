package import Foundation
package import RssCore

extension ServeLibrary {
    /// A mark an app sets on articles it names: every API's read, unread, star and unstar.
    package enum ItemMark: Equatable, Sendable {
        case read, unread, starred, unstarred
    }

    /// Sets `marks`, in that order, on the stored articles numbered `numbers` (a number of no stored article is
    /// skipped, as every API skips it) and returns once the database has them, with the articles found.
    @discardableResult
    package func mark(numbers: [Int64], _ marks: [ItemMark]) async throws -> [ArticleSnapshot] {
        let found = try await articles(numbers: numbers)
        try await mark(ids: found.map(\.id), marks)
        return found
    }

    /// Sets `marks`, in that order, on the articles `ids`; returns once the database has them.
    package func mark(ids: [UUID], _ marks: [ItemMark]) async throws {
        guard !ids.isEmpty else { return }
        for mark in marks {
            switch mark {
            case .read: try await setRead(ids, true)
            case .unread: try await setRead(ids, false)
            case .starred: try await setStarred(ids, true)
            case .unstarred: try await setStarred(ids, false)
            }
        }
    }

    /// The highest number of a stored article (News's `newestItemId`, the web front's "seen up to"), nil when
    /// there is none.
    package func newestArticleNumber() async throws -> Int64? {
        try await articles(ArticleQuery(order: .highestNumberFirst, limit: 1)).first?.number
    }

    /// Marks read the unread articles `query` selects that are numbered up to `upTo` (those stored since are
    /// left unread), and returns once the database has it. A list of sources or a tag is marked in the
    /// database in one go; a search or a filter article by article.
    package func markAllRead(_ query: ArticleQuery, upTo: Int64) async throws {
        let bound = MarkAllRead.Bound.numberedUpTo(upTo)
        if query.filter == nil, query.searchText == nil, query.isStarred == nil {
            if let tags = query.tags, tags.count == 1, let tag = tags.first, query.sourceIDs == nil {
                let ticket = CommandTicket()
                try Self.stored(await store.outcome(of: ticket, dispatching: MarkAllRead(tag: tag, bound: bound, ticket: ticket)))
                return
            }
            if query.tags == nil {
                try await markAllRead(sources: query.sourceIDs, bound: bound)
                return
            }
        }
        var unread = query
        unread.isRead = false
        unread.numbersBelow = upTo == .max ? nil : upTo + 1
        unread.limit = nil
        unread.after = nil
        unread.includesBody = false
        try await setRead(try await articles(unread).map(\.id), true)
    }
}
