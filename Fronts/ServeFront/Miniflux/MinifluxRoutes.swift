import Foundation
import Hummingbird
import RssCore

/// The Miniflux API v1, the part reader apps use; see docs/serve.md for each endpoint.
struct MinifluxRoutes: Sendable {
    let library: ServeLibrary

    func register(on router: Router<ServeContext>) {
        let v1 = router.group("v1")
        v1.get("me") { _, context in try Self.me(context) }
        v1.get("version") { _, _ in try Reply.json(["version": "2.0.0", "commit": "rss-serve"]) }
        v1.get("categories") { request, _ in try await categories(request) }
        v1.get("categories/:id/entries") { request, context in
            let directory = await directory()
            let id = try Self.number(context, "id")
            guard id == MinifluxDirectory.uncategorized.id || directory.tag(id) != nil else { throw APIError.notFound("no such category") }
            var base = ArticleQuery()
            if let tag = directory.tag(id) { base.tags = [tag] } else { base.sourceIDs = Set(directory.sources.filter { $0.tags.isEmpty }.map(\.id)) }
            return try await entries(request, base: base, directory: directory)
        }
        v1.get("feeds") { _, _ in
            let directory = await directory()
            return try Reply.json(directory.sources.map(directory.feed))
        }
        v1.post("feeds") { request, context in try await createFeed(request, context: context) }
        v1.get("feeds/counters") { _, _ in try await counters() }
        v1.put("feeds/:id") { request, context in try await updateFeed(request, context: context) }
        v1.put("categories/:id") { request, context in try await updateCategory(request, context: context) }
        v1.get("categories/:id/feeds") { _, context in
            let directory = await directory()
            let number = try Self.number(context, "id")
            guard number == MinifluxDirectory.uncategorized.id || directory.tag(number) != nil else {
                throw APIError.notFound("no such category")
            }
            return try Reply.json(directory.sources.filter { directory.category(of: $0).id == number }.map(directory.feed))
        }
        v1.get("feeds/:id") { _, context in
            let directory = await directory()
            return try Reply.json(directory.feed(try Self.source(context, directory)))
        }
        v1.delete("feeds/:id") { _, context in
            let source = try Self.source(context, await directory())
            await library.unsubscribe(source.id)
            return Reply.noContent()
        }
        v1.put("feeds/:id/mark-all-as-read") { _, context in
            let source = try Self.source(context, await directory())
            await library.markAllRead(sources: [source.id], bound: nil)
            return Reply.noContent()
        }
        v1.get("feeds/:id/entries") { request, context in
            let directory = await directory()
            let source = try Self.source(context, directory)
            return try await entries(request, base: ArticleQuery(sourceIDs: [source.id]), directory: directory)
        }
        v1.get("entries") { request, _ in try await entries(request, base: ArticleQuery(), directory: await directory()) }
        v1.put("entries") { request, context in try await updateEntries(request, context: context) }
        v1.get("entries/:id") { _, context in
            let directory = await directory()
            guard let article = try await library.articles(numbers: [Int64(try Self.number(context, "id"))], includesBody: true).first
            else { throw APIError.notFound("no such entry") }
            return try Reply.json(directory.entry(article))
        }
        v1.put("entries/:id/bookmark") { _, context in
            guard let article = try await library.articles(numbers: [Int64(try Self.number(context, "id"))]).first
            else { throw APIError.notFound("no such entry") }
            await library.setStarred([article.id], !article.isStarred)
            return Reply.noContent()
        }
    }

    func directory() async -> MinifluxDirectory {
        await library.catchUp()
        return MinifluxDirectory(library)
    }

    private static func me(_ context: ServeContext) throws -> Response {
        struct Me: Encodable {
            let id = 1
            let username: String
            let is_admin = false
            let theme = "light_serif"
            let language = "en_US"
            let timezone = "UTC"
            let entry_sorting_direction = "desc"
            let entries_per_page = 100
        }
        return try Reply.json(Me(username: context.user ?? ""))
    }

    private func categories(_ request: Request) async throws -> Response {
        let directory = await directory()
        var categories = directory.categories
        if try Self.query(request)["counts"] == "true" {
            let counts = library.counts
            for index in categories.indices {
                let members = directory.sources.filter { directory.category(of: $0).id == categories[index].id }
                categories[index].feed_count = members.count
                categories[index].total_unread = members.reduce(0) { $0 + counts.unread(in: $1.id) }
            }
        }
        return try Reply.json(categories)
    }

    private func counters() async throws -> Response {
        let directory = await directory()
        var reads: [String: Int] = [:]
        var unreads: [String: Int] = [:]
        let counts = try await library.countsBySource()
        for source in directory.sources {
            let key = String(directory.feedNumbers.numberOf[source.id] ?? 0)
            let own = counts[source.id]
            unreads[key] = own?.unread ?? 0
            reads[key] = (own?.total ?? 0) - (own?.unread ?? 0)
        }
        return try Reply.json(["reads": reads, "unreads": unreads])
    }

    private func createFeed(_ request: Request, context: ServeContext) async throws -> Response {
        struct Create: Decodable {
            let feed_url: String
            let category_id: Int?
        }
        let create = try await Self.body(Create.self, of: request, context: context, else: "a JSON object with feed_url is needed")
        let directory = await directory()
        let tags = create.category_id.flatMap(directory.tag).map { [$0] } ?? []
        let subscription = await library.subscribe(create.feed_url, tags: tags)
        switch subscription {
        case .added(let source):
            return try Reply.json(["feed_id": MinifluxDirectory(library).feedNumbers.numberOf[source.id] ?? 0], status: .created)
        case .existing:
            throw APIError(.conflict, "this feed already exists")
        case .notFollowed:
            throw APIError.badRequest(subscription.problem ?? "no feed")
        }
    }

    private func updateEntries(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let entry_ids: [Int64]
            let status: String
        }
        let problem = "entry_ids and a status of read or unread are needed"
        let update = try await Self.body(Update.self, of: request, context: context, else: problem)
        guard ["read", "unread"].contains(update.status), update.entry_ids.count <= RequestLimits.itemIDs
        else { throw APIError.badRequest(problem) }
        let ids = try await library.articles(numbers: update.entry_ids).map(\.id)
        await library.setRead(ids, update.status == "read")
        return Reply.noContent()
    }

    private func entries(_ request: Request, base: ArticleQuery, directory: MinifluxDirectory) async throws -> Response {
        let parameters = try MinifluxEntryFilter(try Self.query(request), base: base, directory: directory)
        let total = try await library.count(parameters.query)
        let articles = try await parameters.page(library)
        return try Reply.json(Miniflux.EntryPage(total: total, entries: articles.map(directory.entry)))
    }

    /// The request's JSON body as `type`; a 400 saying `problem` when it is not one.
    static func body<T: Decodable>(
        _ type: T.Type, of request: Request, context: ServeContext, else problem: String
    ) async throws -> T {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        // Any decoding failure is the same 400: what the client must send is in `problem`.
        guard let value = try? JSONDecoder().decode(type, from: Data(body.readableBytesView)) else {
            throw APIError.badRequest(problem)
        }
        return value
    }

    private static func query(_ request: Request) throws -> FormParameters {
        try FormParameters.query(of: request)
    }

    static func number(_ context: ServeContext, _ name: String) throws -> Int {
        guard let text = context.parameters.get(name), text.count <= 19, let value = Int(text), value > 0 else {
            throw APIError.badRequest("\(name) must be a positive whole number")
        }
        return value
    }

    static func source(_ context: ServeContext, _ directory: MinifluxDirectory) throws -> Source {
        guard let source = directory.source(try number(context, "id")) else { throw APIError.notFound("no such feed") }
        return source
    }
}
