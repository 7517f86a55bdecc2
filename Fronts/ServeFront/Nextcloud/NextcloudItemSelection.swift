import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// Which items `GET items` and `GET items/updated` ask for, as an ``/RssCore/ArticleQuery`` and a count.
///
/// - `type`: 0 a feed (`id`), 1 a folder (`id`; 0 is the feeds in no folder), 2 starred items, 3 all (the
///   default). A feed or folder that does not exist has no items.
/// - `getRead` (default true): false leaves read items out.
/// - `batchSize` (default -1): how many; -1 or 0 is all of them.
/// - `offset`: an item id; only items below it (above it with `oldestFirst`). 0 is none.
/// - `oldestFirst` (default false): lowest ids first; else highest first.
/// - `items/updated`: `lastModified` (seconds, or microseconds when longer than ten digits, as News reads it):
///   every item that changed at or after it, read or not, highest ids first, all of them.
struct NextcloudItemSelection {
    /// The items, in their order, with their text.
    private(set) var query: ArticleQuery
    /// At most this many; nil for all.
    let limit: Int?

    /// `GET items`.
    init(items parameters: NextcloudParameters, directory: NextcloudDirectory) throws {
        query = try Self.scope(parameters, directory: directory)
        if try !parameters.bool("getRead", else: true) { query.isRead = false }
        let oldestFirst = try parameters.bool("oldestFirst", else: false)
        query.order = oldestFirst ? .lowestNumberFirst : .highestNumberFirst
        if let offset = try parameters.integer("offset"), offset > 0 {
            if oldestFirst { query.numbersAbove = offset } else { query.numbersBelow = offset }
        }
        let size = try parameters.integer("batchSize") ?? -1
        limit = size > 0 ? Int(clamping: size) : nil
    }

    /// `GET items/updated`.
    init(updated parameters: NextcloudParameters, directory: NextcloudDirectory) throws {
        query = try Self.scope(parameters, directory: directory)
        query.order = .highestNumberFirst
        let stamp = try parameters.integer("lastModified") ?? 0
        query.changedSince = Self.date(lastModified: stamp)
        limit = nil
    }

    /// The time a `lastModified` names: seconds when it has at most ten digits, else microseconds.
    static func date(lastModified stamp: Int64) -> Date {
        let value = Double(max(stamp, 0))
        return Date(timeIntervalSince1970: stamp > 9_999_999_999 ? value / 1_000_000 : value)
    }

    /// The query of `type` and `id`, with the items' text.
    private static func scope(_ parameters: NextcloudParameters, directory: NextcloudDirectory) throws -> ArticleQuery {
        var query = ArticleQuery(includesBody: true)
        let id = try parameters.integer("id") ?? 0
        switch try parameters.integer("type") ?? 3 {
        case 0:
            query.sourceIDs = Set(directory.source(id).map { [$0.id] } ?? [])
        case 1:
            let folder = id == 0 ? nil : directory.folder(id)?.number
            query.sourceIDs = id != 0 && folder == nil ? [] : Set(directory.sources(inFolder: folder).map(\.id))
        case 2:
            query.isStarred = true
        case 3:
            break
        default:
            throw NextcloudError.badRequest("type must be 0 (feed), 1 (folder), 2 (starred) or 3 (all)")
        }
        return query
    }
}
