import Foundation
import Hummingbird
import RssCore
import ServeCore

/// The Miniflux API v1, as Miniflux answers a single user; see docs/serve.md for each endpoint.
struct MinifluxRoutes: Sendable {
    func register(on router: Router<ServeContext>) {
        let v1 = router.group("v1")
        typealias Entries = MinifluxEntries
        typealias Feeds = MinifluxFeeds
        typealias Categories = MinifluxCategories
        typealias Documents = MinifluxDocuments
        v1.get("me") { _, context in try Self.me(context) }
        v1.get("version") { _, _ in try Self.version() }
        v1.get("entries") { request, context in try await context.endpoint(Entries.self).list(request, base: ArticleQuery(), scope: .all) }
        v1.put("entries") { request, context in try await context.endpoint(Entries.self).update(request, context: context) }
        v1.get("entries/ids") { request, context in try await context.endpoint(Entries.self).ids(request) }
        v1.get("entries/:id") { _, context in try await context.endpoint(Entries.self).one(context) }
        v1.put("entries/:id") { request, context in try await context.endpoint(Entries.self).edit(request, context: context) }
        v1.put("entries/:id/bookmark") { _, context in try await context.endpoint(Entries.self).toggleStar(context) }
        v1.put("entries/:id/star") { _, context in try await context.endpoint(Entries.self).toggleStar(context) }
        v1.get("entries/:id/fetch-content") { _, context in try await context.endpoint(Entries.self).fetchContent(context) }
        v1.post("entries/:id/save") { _, _ -> Response in throw Miniflux.badRequest("no third-party integration enabled") }
        v1.get("feeds") { _, context in try await context.endpoint(Feeds.self).list() }
        v1.post("feeds") { request, context in try await context.endpoint(Feeds.self).create(request, context: context) }
        v1.get("feeds/counters") { _, context in try await context.endpoint(Feeds.self).counters() }
        v1.put("feeds/refresh") { _, context in try context.endpoint(Feeds.self).refreshAll() }
        v1.get("feeds/:id") { _, context in try await context.endpoint(Feeds.self).one(context) }
        v1.put("feeds/:id") { request, context in try await context.endpoint(Feeds.self).update(request, context: context) }
        v1.delete("feeds/:id") { _, context in try await context.endpoint(Feeds.self).delete(context) }
        v1.put("feeds/:id/refresh") { _, context in try await context.endpoint(Feeds.self).refresh(context) }
        v1.put("feeds/:id/mark-all-as-read") { _, context in try await context.endpoint(Feeds.self).markAllRead(context) }
        v1.get("feeds/:id/icon") { _, context in try await context.endpoint(Feeds.self).icon(context) }
        v1.get("icons/:id") { _, context -> Response in
            _ = try Self.number(context, "id", thing: "icon")
            throw Miniflux.notFound
        }
        v1.get("feeds/:id/entries") { request, context in try await context.endpoint(Feeds.self).entries(request, context: context, entries: try context.endpoint(Entries.self)) }
        v1.get("feeds/:id/entries/:entry") { _, context in try await context.endpoint(Feeds.self).entry(context, entries: try context.endpoint(Entries.self)) }
        v1.get("categories") { request, context in try await context.endpoint(Categories.self).list(request) }
        v1.post("categories") { request, context in try await context.endpoint(Categories.self).create(request, context: context) }
        v1.put("categories/:id") { request, context in try await context.endpoint(Categories.self).update(request, context: context) }
        v1.delete("categories/:id") { _, context in try await context.endpoint(Categories.self).delete(context) }
        v1.get("categories/:id/feeds") { _, context in try await context.endpoint(Categories.self).feeds(context) }
        v1.put("categories/:id/refresh") { _, context in try await context.endpoint(Categories.self).refresh(context) }
        v1.put("categories/:id/mark-all-as-read") { _, context in try await context.endpoint(Categories.self).markAllRead(context) }
        v1.get("categories/:id/entries") { request, context in try await context.endpoint(Categories.self).entries(request, context: context, entries: try context.endpoint(Entries.self)) }
        v1.get("categories/:id/entries/:entry") { _, context in try await context.endpoint(Categories.self).entry(context, entries: try context.endpoint(Entries.self)) }
        v1.put("users/:id/mark-all-as-read") { _, context in
            // The one user is number 1 (`/v1/me`); any other is not this user's to mark.
            guard try Self.number(context, "id", thing: "user") == 1 else { throw APIError(.forbidden, "access forbidden") }
            try await context.requireLibrary().markAllRead(sources: nil, bound: nil)
            return Reply.noContent()
        }
        v1.get("export") { _, context in try await context.endpoint(Documents.self).export() }
        v1.post("import") { request, context in try await context.endpoint(Documents.self).importOPML(request) }
        v1.post("discover") { request, context in try await context.endpoint(Documents.self).discover(request, context: context) }
    }

    private static func me(_ context: ServeContext) throws -> Response {
        struct Me: Encodable {
            let id = 1
            let username: String
            let is_admin = false
            let theme = "light_serif"
            let language = "en_US"
            let timezone = "UTC"
            let entry_sorting_direction = "asc"
            let entry_sorting_order = "published_at"
            let entries_per_page = 100
            let categories_sorting_order = "unread_count"
        }
        return try Reply.json(Me(username: context.user ?? ""))
    }

    /// The Miniflux version whose behaviour is served: `PUT /v1/entries` takes `starred` since 2.3.2.
    private static func version() throws -> Response {
        try Reply.json([
            "version": "2.3.2", "commit": "rss-serve", "build_date": "", "go_version": "", "compiler": "swift",
            "arch": "x86_64", "os": "linux",
        ])
    }

    /// The request's JSON body as `type`, whatever its content type (newsboat labels JSON as a form); a 400
    /// saying `problem` when it is not one.
    static func body<T: Decodable>(_ type: T.Type, of request: Request, else problem: String) async throws -> T {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        // Any decoding failure is the same 400: what the client must send is in `problem`.
        guard let value = try? JSONDecoder().decode(type, from: Data(body.readableBytesView)) else {
            throw Miniflux.badRequest(problem)
        }
        return value
    }

    /// A boolean parameter as Go reads one; absent or unreadable is false.
    static func boolParameter(_ text: String?) -> Bool {
        text.flatMap(MinifluxEntryFilter.bool) ?? false
    }

    static func query(_ request: Request) throws -> FormParameters {
        try FormParameters.query(of: request)
    }

    /// A positive number in the path, else Miniflux's 400 (`invalid feed ID`).
    static func number(_ context: ServeContext, _ name: String, thing: String) throws -> Int {
        guard let text = context.parameters.get(name), text.count <= 19, let value = Int(text), value > 0 else {
            throw Miniflux.badRequest("invalid \(thing) ID")
        }
        return value
    }
}
