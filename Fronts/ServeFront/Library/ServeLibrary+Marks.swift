import Foundation
import RssCore

extension ServeLibrary {
    /// A mark an app sets on articles it names: every API's read, unread, star and unstar.
    enum ItemMark: Equatable, Sendable {
        case read, unread, starred, unstarred
    }

    /// Sets `marks`, in that order, on the stored articles numbered `numbers` (a number of no stored article is
    /// skipped, as every API skips it) and returns once the database has them, with the articles found.
    @discardableResult
    func mark(numbers: [Int64], _ marks: [ItemMark]) async throws -> [ArticleSnapshot] {
        let found = try await articles(numbers: numbers)
        try await mark(ids: found.map(\.id), marks)
        return found
    }

    /// Sets `marks`, in that order, on the articles `ids`; returns once the database has them.
    func mark(ids: [UUID], _ marks: [ItemMark]) async throws {
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
}
