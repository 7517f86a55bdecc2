import Foundation
import Hummingbird
@_spi(Serve) import RssCore
import ServeCore

/// Feeds: RssCore's sources, each in the folder of its first tag.
extension NextcloudRoutes {
    /// `GET feeds`, `POST feeds`, `DELETE feeds/{id}`, `feeds/{id}/move|rename|read` and `feeds/update`.
    func feeds(_ endpoint: NextcloudEndpoint, _ parameters: NextcloudParameters) async throws -> Response {
        let directory = try await directory()
        switch endpoint {
        case .feeds:
            return try Reply.json(try await feedList(directory.sources, directory: directory))
        case .createFeed:
            return try await createFeed(parameters, directory: directory)
        case .deleteFeed(let id):
            let source = try Self.source(id, in: directory)
            await library.unsubscribe(source.id)
            return try Self.done()
        case .moveFeed(let id):
            let source = try Self.source(id, in: directory)
            let folder = try Self.folder(parameters, in: directory)
            // In place of the tag that made its old folder; its other tags stay. The root takes every tag off,
            // or the feed would show in the folder of the next one.
            let old = directory.folderID(of: source).flatMap { directory.folder(Int64($0))?.name }
            let tags = folder.map { folder in [folder.name] + source.tags.filter { $0 != old && $0 != folder.name } } ?? []
            await library.setTags([(source, tags)])
            return try Self.done()
        case .renameFeed(let id):
            let source = try Self.source(id, in: directory)
            guard let title = try parameters.text("feedTitle") else { throw NextcloudError.badRequest("feedTitle is needed") }
            // An empty title gives the feed its own title back, as in the other APIs.
            await library.rename(source.id, to: title.allSatisfy(\.isWhitespace) ? nil : title)
            return try Self.done()
        case .markFeedRead(let id):
            let source = try Self.source(id, in: directory)
            let newest = try parameters.required("newestItemId")
            try await library.markAllRead(sources: [source.id], bound: .numberedUpTo(newest))
            return try Self.done()
        case .updateFeed:
            // News's updater fetches the feed now; so does this server, without waiting for the fetch.
            let source = try Self.source(try parameters.required("feedId"), in: directory)
            library.refresh([source.id])
            return try Self.done()
        default:
            throw NextcloudError.notFound("no such feed route")
        }
    }

    /// `POST feeds` (`url`, `folderId`): follows the feed at `url` (or the first one a web page there
    /// declares), in the folder; 409 when it is followed already, 422 when nothing could be followed there.
    private func createFeed(_ parameters: NextcloudParameters, directory: NextcloudDirectory) async throws -> Response {
        guard let address = try parameters.text("url"), !address.isEmpty else { throw NextcloudError.badRequest("url is needed") }
        let folder = try Self.folder(parameters, in: directory)
        let subscription = await library.subscribe(address, tags: folder.map { [$0.name] } ?? [])
        switch subscription {
        case .added(let source):
            // As the state has it now: the title its first fetch gave it, if that is done.
            let now = try await self.directory()
            return try Reply.json(try await feedList([now.sources.first { $0.id == source.id } ?? source], directory: now))
        case .existing:
            throw NextcloudError.conflict("this feed is followed already")
        case .notFollowed:
            throw NextcloudError.unprocessable(subscription.problem ?? "no feed was found there")
        }
    }

    /// The feeds of `sources` with their unread counts, the starred count and the highest item id.
    private func feedList(_ sources: [Source], directory: NextcloudDirectory) async throws -> NextcloudFeeds {
        let counts = try await library.countsBySource()
        let feeds = sources.compactMap { source -> NextcloudFeed? in
            // A source added this moment by another process, not yet numbered, shows at the next request.
            guard let id = directory.number(of: source.id) else { return nil }
            return NextcloudFeed(source, id: id, folderID: directory.folderID(of: source), unread: counts[source.id]?.unread ?? 0)
        }
        return NextcloudFeeds(
            feeds: feeds, starredCount: counts.values.reduce(0) { $0 + $1.starred },
            newestItemId: try await library.newestArticleNumber())
    }

    /// The source whose feed id is `id`; 404 when there is none.
    private static func source(_ id: Int64, in directory: NextcloudDirectory) throws -> Source {
        guard let source = directory.source(id) else { throw NextcloudError.notFound("no feed \(id)") }
        return source
    }

    /// The folder `folderId` names: nil for the root (absent, null or 0); 404 for a number no folder has.
    private static func folder(_ parameters: NextcloudParameters, in directory: NextcloudDirectory) throws -> LibraryNumbers.Tag? {
        guard let id = try parameters.integer("folderId"), id != 0 else { return nil }
        guard let folder = directory.folder(id) else { throw NextcloudError.notFound("no folder \(id)") }
        return folder
    }
}
