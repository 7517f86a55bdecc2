import Foundation
import Hummingbird
import RssCore

/// `PUT /v1/feeds/ID` (title, category) and `PUT /v1/categories/ID` (title): renames and moves, made of
/// RssCore's tags and its RenameSource.
extension MinifluxRoutes {
    /// `{"title": …, "category_id": …}`, either or both; answers 201 with the feed as it is now. A title of ""
    /// gives the feed its own title back. Moving to another category files the feed under that tag first, in
    /// place of its old category's; moving it to "All" takes every tag off it.
    func updateFeed(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let title: String?
            let category_id: Int?
        }
        let directory = await directory()
        let source = try Self.source(context, directory)
        let update = try await Self.body(Update.self, of: request, context: context, else: "a JSON object with title or category_id is needed")
        if let title = update.title {
            guard title.count <= RequestLimits.textLength else { throw APIError.badRequest("title: too long") }
            await library.rename(source.id, to: title)
        }
        if let number = update.category_id, number != directory.category(of: source).id {
            if number == MinifluxDirectory.uncategorized.id {
                await library.setTags([(source, [])])
            } else {
                guard let tag = directory.tag(number) else { throw APIError.badRequest("category_id: no such category") }
                let old = source.tags.first
                await library.setTags([(source, [tag] + source.tags.filter { $0 != old })])
            }
        }
        let now = await self.directory()
        guard let updated = now.sources.first(where: { $0.id == source.id }) else { throw APIError.notFound("no such feed") }
        return try Reply.json(now.feed(updated), status: .created)
    }

    /// `{"title": …}`: renames the tag on every feed filed under it; 201 with the category under its new
    /// number (numbers are made from names). "All" cannot be renamed.
    func updateCategory(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let title: String
        }
        let directory = await directory()
        let number = try Self.number(context, "id")
        guard let tag = directory.tag(number) else {
            throw number == MinifluxDirectory.uncategorized.id
                ? APIError.badRequest("the category All cannot be renamed") : APIError.notFound("no such category")
        }
        let update = try await Self.body(Update.self, of: request, context: context, else: "a JSON object with title is needed")
        guard update.title.count <= RequestLimits.textLength, let title = TagName.normalized(update.title) else {
            throw APIError.badRequest("title: a name is needed")
        }
        await library.renameTag(tag, to: title)
        let now = await self.directory()
        guard let category = now.categories.first(where: { $0.title == title }) else { throw APIError.notFound("no such category") }
        return try Reply.json(category, status: .created)
    }
}
