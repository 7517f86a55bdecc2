import Foundation
import Hummingbird
import RssCore
import ServeCore

/// Feeds: the list, one feed, following, renaming and moving, unfollowing, refreshing, marking read, counters,
/// icons, and a feed's entries.
struct MinifluxFeeds: LibraryEndpoint {
    let library: ServeLibrary

    func list() async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        return try Reply.json(directory.sources.map(directory.feed))
    }

    func one(_ context: ServeContext) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        return try Reply.json(directory.feed(try Self.source(context, directory)))
    }

    /// `POST /v1/feeds` `{"feed_url", "category_id"?}`: follows the feed (fetched first, as Miniflux does; a
    /// web page's first declared feed), reaching only what the server's policy allows; 201 `{"feed_id"}`. Already
    /// followed, or no feed there: 400 with why.
    func create(_ request: Request, context: ServeContext) async throws -> Response {
        struct Create: Decodable {
            let feed_url: String?
            let category_id: Int?
        }
        let create = try await MinifluxRoutes.body(Create.self, of: request, else: "The URL and the category are mandatory.")
        guard let address = create.feed_url, !address.isEmpty else { throw Miniflux.badRequest("The URL and the category are mandatory.") }
        let directory = try await MinifluxDirectory.load(library)
        var tags: [String] = []
        if let category = create.category_id, category > 0, category != MinifluxDirectory.uncategorized.id {
            guard let tag = directory.tag(category) else {
                throw Miniflux.badRequest("This category does not exist or does not belong to this user.")
            }
            tags = [tag]
        }
        if directory.sources.contains(where: { $0.url.absoluteString == address }) {
            throw Miniflux.badRequest("This feed already exists.")
        }
        let subscription = await library.subscribe(address, tags: tags)
        switch subscription {
        case .added(let source):
            let now = try await MinifluxDirectory.load(library)
            return try Reply.json(["feed_id": now.feedID(of: source.id)], status: .created)
        case .existing:
            throw Miniflux.badRequest("This feed already exists.")
        case .notFollowed:
            throw Miniflux.badRequest(subscription.problem ?? "Invalid feed URL.")
        }
    }

    /// `PUT /v1/feeds/{id}` `{"title"?, "category_id"?}`: 201 with the feed as it is now. A title renames it
    /// (`""` gives it its feed's own title back); another category files it under that tag first, in place of
    /// its old category's; category 1 ("All") takes every tag off it. Other fields are the server's to keep.
    func update(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let title: String?
            let category_id: Int?
        }
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "feed")
        let update = try await MinifluxRoutes.body(Update.self, of: request, else: "a JSON object is needed")
        guard let source = directory.source(number) else { throw Miniflux.notFound }
        if let category = update.category_id, !directory.isCategory(category) {
            throw Miniflux.badRequest("This category does not exist or does not belong to this user.")
        }
        if let title = update.title {
            guard title.count <= RequestLimits.textLength else { throw Miniflux.badRequest("title: too long") }
            await library.rename(source.id, to: title)
        }
        if let category = update.category_id, category != directory.category(of: source).id {
            if let tag = directory.tag(category) {
                let old = source.tags.first
                await library.setTags([(source, [tag] + source.tags.filter { $0 != old && $0 != tag })])
            } else {
                await library.setTags([(source, [])])
            }
        }
        let now = try await MinifluxDirectory.load(library)
        guard let updated = now.source(number) else { throw Miniflux.notFound }
        return try Reply.json(now.feed(updated), status: .created)
    }

    func delete(_ context: ServeContext) async throws -> Response {
        let source = try Self.source(context, try await MinifluxDirectory.load(library))
        await library.unsubscribe(source.id)
        return Reply.noContent()
    }

    /// `PUT /v1/feeds/{id}/refresh`: fetches it now and answers once the fetch is over (as Miniflux does); 204.
    func refresh(_ context: ServeContext) async throws -> Response {
        let source = try Self.source(context, try await MinifluxDirectory.load(library))
        await library.refreshAndWait(source.id)
        return Reply.noContent()
    }

    /// `PUT /v1/feeds/refresh`: every enabled feed is fetched, in the background; 204 at once.
    func refreshAll() -> Response {
        library.refresh(nil)
        return Reply.noContent()
    }

    /// Marks the feed's entries read, but those dated in the future (as Miniflux spares them); 204.
    func markAllRead(_ context: ServeContext) async throws -> Response {
        let source = try Self.source(context, try await MinifluxDirectory.load(library))
        try await library.markAllRead(sources: [source.id], bound: .datedBefore(Date()))
        return Reply.noContent()
    }

    /// `{"reads": {ID: n}, "unreads": {ID: n}}` for every feed.
    func counters() async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        var reads: [String: Int] = [:]
        var unreads: [String: Int] = [:]
        let counts = try await library.countsBySource()
        for source in directory.sources {
            let key = String(directory.feedID(of: source.id))
            let own = counts[source.id]
            unreads[key] = own?.unread ?? 0
            reads[key] = (own?.total ?? 0) - (own?.unread ?? 0)
        }
        return try Reply.json(["reads": reads, "unreads": unreads])
    }

    /// No feed has an icon here: 404, as Miniflux answers for a feed without one.
    func icon(_ context: ServeContext) async throws -> Response {
        _ = try Self.source(context, try await MinifluxDirectory.load(library))
        throw Miniflux.notFound
    }

    /// The feed's entries; an unknown feed is Miniflux's 400 `invalid feed ID`.
    func entries(_ request: Request, context: ServeContext, entries: MinifluxEntries) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "feed")
        guard let source = directory.source(number) else { throw Miniflux.badRequest("invalid feed ID") }
        return try await entries.list(request, base: ArticleQuery(), scope: .sources([source.id]), directory: directory)
    }

    /// One entry of the feed.
    func entry(_ context: ServeContext, entries: MinifluxEntries) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "feed")
        let entry = try MinifluxRoutes.number(context, "entry", thing: "entry")
        guard let source = directory.source(number) else { throw Miniflux.notFound }
        return try await entries.entry(entry, within: [source.id])
    }

    static func source(_ context: ServeContext, _ directory: MinifluxDirectory) throws -> Source {
        guard let source = directory.source(try MinifluxRoutes.number(context, "id", thing: "feed")) else {
            throw Miniflux.notFound
        }
        return source
    }
}
