import Foundation
import Hummingbird
import RssCore
import ServeCore

/// Items (RssCore's articles, by their numbers) and the marks clients send.
extension NextcloudRoutes {
    /// `GET items` and `GET items/updated`.
    func items(_ endpoint: NextcloudEndpoint, _ parameters: NextcloudParameters) async throws -> Response {
        let directory = try await directory()
        let selection = endpoint == .updatedItems
            ? try NextcloudItemSelection(updated: parameters, directory: directory)
            : try NextcloudItemSelection(items: parameters, directory: directory)
        return try await NextcloudItemStream.response(selection, library: library, directory: directory)
    }

    /// The marks: one item, `…/multiple`, v1-2's stars by guid hash, `items/read`; all answered `[]`.
    func marks(_ endpoint: NextcloudEndpoint, _ parameters: NextcloudParameters) async throws -> Response {
        switch endpoint {
        case .markItem(let id, let mark):
            guard try await !library.mark(numbers: [id], [mark.itemMark]).isEmpty else {
                throw NextcloudError.notFound("no item \(id)")
            }
        case .markItems(let mark):
            // Unknown items are skipped, as News does: a client's list may name items gone meanwhile.
            let ids = try await articles(parameters, starring: mark == .star || mark == .unstar)
            try await library.mark(ids: ids, [mark.itemMark])
        case .starByGuid(let feed, let guid, let starred):
            let directory = try await directory()
            guard let source = directory.source(feed) else { throw NextcloudError.notFound("no feed \(feed)") }
            let found = try await library.articles(of: source.id, guids: [guid])
            guard !found.isEmpty else { throw NextcloudError.notFound("no item \(guid) in feed \(feed)") }
            try await library.mark(ids: found.map(\.id), [starred ? .starred : .unstarred])
        case .flagsWithoutStar(let feed, let guid):
            // Nothing to change, but the client learns when its guid did not reach the server whole (a `#` and
            // what follows it are never sent), as a star of it would.
            guard let source = try await directory().source(feed) else { throw NextcloudError.notFound("no feed \(feed)") }
            guard try await !library.articles(of: source.id, guids: [guid]).isEmpty else {
                throw NextcloudError.notFound("no item \(guid) in feed \(feed)")
            }
        case .markAllRead:
            let newest = try parameters.required("newestItemId")
            try await library.markAllRead(sources: nil, bound: .numberedUpTo(newest))
        default:
            throw NextcloudError.notFound("no such item route")
        }
        return try Self.done()
    }

    /// The articles a `…/multiple` body names: item ids (`itemIds`, or `items` in v1-2's read marks), or for
    /// v1-2's star marks `items` of `{"feedId", "guidHash"}` (RSS Guard 4.0.4 sends the feed id as a string).
    private func articles(_ parameters: NextcloudParameters, starring: Bool) async throws -> [UUID] {
        guard starring else { return try await library.articles(numbers: try parameters.itemIDs()).map(\.id) }
        var numbers: [Int64] = []
        var guidsByFeed: [Int64: [String]] = [:]
        for element in try parameters.list("itemIds", "items") {
            if let number = element.integer {
                numbers.append(number)
            } else if case .object(let fields) = element, let feed = fields["feedId"]?.integer,
                let guid = fields["guidHash"]?.text
            {
                guidsByFeed[feed, default: []].append(guid)
            } else {
                throw NextcloudError.badRequest("items: item ids, or objects with feedId and guidHash")
            }
        }
        var ids = try await library.articles(numbers: numbers).map(\.id)
        if !guidsByFeed.isEmpty {
            let directory = try await directory()
            for (feed, guids) in guidsByFeed {
                guard let source = directory.source(feed) else { continue }
                ids += try await library.articles(of: source.id, guids: guids).map(\.id)
            }
        }
        return ids
    }
}

extension NextcloudEndpoint.Mark {
    /// The mark it sets.
    var itemMark: ServeLibrary.ItemMark {
        switch self {
        case .read: .read
        case .unread: .unread
        case .star: .starred
        case .unstar: .unstarred
        }
    }
}
