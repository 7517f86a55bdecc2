import Foundation
import Hummingbird
import RssCore
import ServeCore

/// Categories: tags, numbered (``MinifluxDirectory``), with "All" for the sources without a tag.
struct MinifluxCategories: LibraryEndpoint {
    let library: ServeLibrary

    /// Every category by title; `counts=true` adds `feed_count` and `total_unread` and orders by unread, most
    /// first (Miniflux's default order), then title.
    func list(_ request: Request) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        var categories = directory.categories
        if MinifluxRoutes.boolParameter(try MinifluxRoutes.query(request)["counts"]) {
            let counts = library.counts
            for index in categories.indices {
                let members = directory.sources(inCategory: categories[index].id)
                categories[index].feed_count = members.count
                categories[index].total_unread = members.reduce(0) { $0 + counts.unread(in: $1.id) }
            }
            categories.sort { ($0.total_unread ?? 0, $1.title) > ($1.total_unread ?? 0, $0.title) }
        }
        return try Reply.json(categories)
    }

    /// `POST /v1/categories` `{"title"}`: a category with no feed (a tag kept on its own); 201. An empty title
    /// or one in use (case ignored) is a 400.
    func create(_ request: Request, context: ServeContext) async throws -> Response {
        struct Create: Decodable {
            let title: String?
        }
        let create = try await MinifluxRoutes.body(Create.self, of: request, else: "The title is mandatory.")
        let directory = try await MinifluxDirectory.load(library)
        let title = try Self.title(create.title, in: directory, except: nil)
        await library.createTag(title)
        let now = try await MinifluxDirectory.load(library)
        guard let category = now.categories.first(where: { $0.title == title }) else { throw Miniflux.notFound }
        return try Reply.json(category, status: .created)
    }

    /// `PUT /v1/categories/{id}` `{"title"}`: renames the tag on every feed filed under it; it keeps its id;
    /// 201. "All" cannot be renamed.
    func update(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let title: String?
        }
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "category")
        guard let tag = directory.tag(number) else {
            throw number == MinifluxDirectory.uncategorized.id
                ? Miniflux.badRequest("the category All cannot be renamed") : Miniflux.notFound
        }
        let update = try await MinifluxRoutes.body(Update.self, of: request, else: "The title is mandatory.")
        let title = try Self.title(update.title, in: directory, except: tag)
        if title != tag { await library.renameTag(tag, to: title) }
        let now = try await MinifluxDirectory.load(library)
        guard let category = now.categories.first(where: { $0.id == number }) else { throw Miniflux.notFound }
        return try Reply.json(category, status: .created)
    }

    /// `DELETE /v1/categories/{id}`: as Miniflux, the category goes with its feeds (those whose category it is)
    /// and their entries; the tag is taken off every other feed. "All" cannot be deleted. 204.
    func delete(_ context: ServeContext) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "category")
        guard let tag = directory.tag(number) else {
            throw number == MinifluxDirectory.uncategorized.id
                ? Miniflux.badRequest("the category All cannot be deleted") : Miniflux.notFound
        }
        for source in directory.sources(inCategory: number) { await library.unsubscribe(source.id) }
        await library.deleteTag(tag)
        return Reply.noContent()
    }

    /// The feeds whose category it is.
    func feeds(_ context: ServeContext) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try Self.category(context, directory)
        return try Reply.json(directory.sources(inCategory: number).map(directory.feed))
    }

    /// Fetches the category's feeds, in the background; 204 (an unknown category too, as Miniflux answers).
    func refresh(_ context: ServeContext) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "category")
        let sources = directory.sources(inCategory: number).map(\.id)
        if !sources.isEmpty { library.refresh(sources) }
        return Reply.noContent()
    }

    /// Marks the entries of the category's feeds read, but those dated in the future; 204.
    func markAllRead(_ context: ServeContext) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try Self.category(context, directory)
        try await library.markAllRead(sources: Set(directory.sources(inCategory: number).map(\.id)), bound: .datedBefore(Date()))
        return Reply.noContent()
    }

    /// The category's entries; an unknown category is Miniflux's 400 `invalid category ID`.
    func entries(_ request: Request, context: ServeContext, entries: MinifluxEntries) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try MinifluxRoutes.number(context, "id", thing: "category")
        guard directory.isCategory(number) else { throw Miniflux.badRequest("invalid category ID") }
        return try await entries.list(
            request, base: ArticleQuery(), scope: .sources(Set(directory.sources(inCategory: number).map(\.id))),
            directory: directory)
    }

    /// One entry of the category.
    func entry(_ context: ServeContext, entries: MinifluxEntries) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        let number = try Self.category(context, directory)
        let entry = try MinifluxRoutes.number(context, "entry", thing: "entry")
        return try await entries.entry(entry, within: Set(directory.sources(inCategory: number).map(\.id)))
    }

    private static func category(_ context: ServeContext, _ directory: MinifluxDirectory) throws -> Int {
        let number = try MinifluxRoutes.number(context, "id", thing: "category")
        guard directory.isCategory(number) else { throw Miniflux.notFound }
        return number
    }

    /// A new title as a tag: not empty, not another category's (case ignored), as Miniflux requires.
    private static func title(_ text: String?, in directory: MinifluxDirectory, except current: String?) throws -> String {
        guard let text, text.count <= RequestLimits.textLength, let title = TagName.normalized(text) else {
            throw Miniflux.badRequest("The title is mandatory.")
        }
        let taken = directory.categories.contains {
            $0.title != current && $0.title.caseInsensitiveCompare(title) == .orderedSame
        }
        guard !taken else { throw Miniflux.badRequest("This category already exists.") }
        return title
    }
}
