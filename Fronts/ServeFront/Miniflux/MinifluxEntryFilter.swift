import Foundation
import RssCore

/// The filters of `/v1/entries` (`status`, `starred`, `feed_id`, `category_id`, `limit`, `offset`, `order`,
/// `direction`, `before`, `after`, `search`), checked and turned into an ``RssCore/ArticleQuery``.
struct MinifluxEntryFilter {
    private(set) var query: ArticleQuery
    let offset: Int
    let limit: Int

    init(_ parameters: FormParameters, base: ArticleQuery, directory: MinifluxDirectory) throws {
        var query = base
        query.includesBody = true
        let statuses = Set(parameters.all("status"))
        guard statuses.isSubset(of: ["read", "unread", "removed"]) else { throw APIError.badRequest("status: read, unread or removed") }
        if statuses == ["read"] { query.isRead = true } else if statuses == ["unread"] { query.isRead = false }
        if statuses == ["removed"] { query.numbers = [] }
        if let starred = parameters["starred"] {
            guard let value = Self.bool(starred) else { throw APIError.badRequest("starred: true or false") }
            query.isStarred = value
        }
        if let feed = parameters["feed_id"] {
            guard let number = Int(feed), let source = directory.source(number) else { throw APIError.badRequest("feed_id: no such feed") }
            query.sourceIDs = [source.id]
        }
        if let category = parameters["category_id"] {
            guard let number = Int(category) else { throw APIError.badRequest("category_id: a number") }
            if let tag = directory.tag(number) { query.tags = [tag] } else if number == MinifluxDirectory.uncategorized.id {
                query.sourceIDs = Set(directory.sources.filter { $0.tags.isEmpty }.map(\.id))
            } else { throw APIError.badRequest("category_id: no such category") }
        }
        if let before = parameters["before"] { query.before = Date(timeIntervalSince1970: Double(try Self.integer(before, "before"))) }
        if let after = parameters["after"] { query.since = Date(timeIntervalSince1970: Double(try Self.integer(after, "after") + 1)) }
        if parameters["before_entry_id"] != nil || parameters["after_entry_id"] != nil {
            throw APIError.badRequest("before_entry_id and after_entry_id are not supported; use before, after or offset")
        }
        if let search = parameters["search"] {
            guard search.count <= RequestLimits.textLength else { throw APIError.badRequest("search: too long") }
            query.searchText = search
        }
        if let order = parameters["order"], !["published_at", "created_at", "id", "changed_at"].contains(order) {
            throw APIError.badRequest("order: published_at, created_at, changed_at or id")
        }
        switch parameters["direction"] {
        case nil, "desc": query.order = .newestFirst
        case "asc": query.order = .oldestFirst
        default: throw APIError.badRequest("direction: asc or desc")
        }
        limit = try parameters["limit"].map { min(max(try Self.integer($0, "limit"), 1), RequestLimits.pageSize) } ?? 100
        offset = try parameters["offset"].map { max(try Self.integer($0, "offset"), 0) } ?? 0
        self.query = query
    }

    /// The page: `offset` skipped by reading light rows up to it (positions only), then `limit` articles with
    /// their text from there.
    func page(_ library: ServeLibrary) async throws -> [ArticleSnapshot] {
        var page = query
        page.limit = limit
        if offset > 0 {
            var skip = query
            skip.includesBody = false
            skip.limit = offset
            let skipped = try await library.articles(skip)
            guard skipped.count == offset, let last = skipped.last else { return [] }
            page.after = last.position
        }
        return try await library.articles(page)
    }

    private static func integer(_ text: String, _ name: String) throws -> Int {
        guard text.count <= 19, let value = Int(text) else { throw APIError.badRequest("\(name) must be a whole number") }
        return value
    }

    /// A boolean as Miniflux reads one (Go's `strconv.ParseBool`): Python clients send `True`.
    private static func bool(_ text: String) -> Bool? {
        switch text {
        case "1", "t", "T", "TRUE", "true", "True": true
        case "0", "f", "F", "FALSE", "false", "False": false
        default: nil
        }
    }
}
