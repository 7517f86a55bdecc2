import Foundation
import RssCore
import ServeCore

/// The filters of `/v1/entries` read as Miniflux reads them, and turned into an ``/RssCore/ArticleQuery``.
///
/// `status` (read, unread; repeatable), `starred` (Go's booleans; anything else is no filter), `feed_id`,
/// `category_id`, `limit` (default 100; 0 is the largest page, 1,000; over it a 400), `offset`, `order`
/// (`published_at`; `id` and `created_at`, the order stored), `direction` (default `asc`), `before`/`after` and
/// `published_before`/`published_after` (the date, strictly), `changed_before`/`changed_after` (when the entry
/// last changed: stored, re-fetched or marked), `before_entry_id`/`after_entry_id`, `search`, and
/// `globally_visible` (nothing is hidden here). A filter Miniflux has that this server does not honour
/// (`tags`, an order by status, title, author or category) is a 400 that names it; other parameters are
/// ignored, as Miniflux ignores them.
struct MinifluxEntryFilter {
    private(set) var query: ArticleQuery
    let offset: Int
    let limit: Int

    init(_ parameters: FormParameters, base: ArticleQuery, directory: MinifluxDirectory) throws {
        var query = base
        query.includesBody = true
        let statuses = Set(parameters.all("status").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard statuses.isSubset(of: ["read", "unread"]) else {
            throw Miniflux.badRequest(#"invalid entry status, valid status values are: "read" and "unread""#)
        }
        if statuses == ["read"] { query.isRead = true } else if statuses == ["unread"] { query.isRead = false }
        if let starred = parameters["starred"].flatMap(Self.bool) { query.isStarred = starred }
        if let feed = parameters["feed_id"].flatMap(Int.init), feed > 0 {
            guard let source = directory.source(feed) else { throw Miniflux.badRequest("invalid feed ID") }
            query.sourceIDs = [source.id]
        }
        if let category = parameters["category_id"].flatMap(Int.init), category > 0 {
            guard directory.isCategory(category) else { throw Miniflux.badRequest("invalid category ID") }
            query.sourceIDs = Set(directory.sources(inCategory: category).map(\.id))
            query.tags = nil
        }
        for name in ["before", "published_before"] {
            if let seconds = Self.time(parameters[name]) { query.before = Self.earlier(query.before, seconds) }
        }
        for name in ["after", "published_after"] {
            if let seconds = Self.time(parameters[name]) { query.since = Self.later(query.since, seconds.nextUp) }
        }
        if let seconds = Self.time(parameters["changed_before"]) { query.changedBefore = Date(timeIntervalSince1970: seconds) }
        if let seconds = Self.time(parameters["changed_after"]) { query.changedSince = Date(timeIntervalSince1970: seconds.nextUp) }
        if let below = parameters["before_entry_id"].flatMap(Int64.init), below > 0 { query.numbersBelow = below }
        if let above = parameters["after_entry_id"].flatMap(Int64.init), above > 0 { query.numbersAbove = above }
        if let search = parameters["search"], !search.isEmpty {
            guard search.count <= RequestLimits.textLength else { throw Miniflux.badRequest("search: too long") }
            query.searchText = search
        }
        if !parameters.all("tags").isEmpty {
            throw Miniflux.badRequest("tags is not supported: entries are filtered by feed and category here")
        }
        let ascending: Bool
        switch parameters["direction"] {
        case nil, "asc": ascending = true
        case "desc": ascending = false
        default: throw Miniflux.badRequest(#"invalid direction, valid direction values are: "asc" or "desc""#)
        }
        switch parameters["order"] ?? "published_at" {
        case "published_at": query.order = ascending ? .oldestFirst : .newestFirst
        case "id", "created_at": query.order = ascending ? .lowestNumberFirst : .highestNumberFirst
        case "status", "changed_at", "category_title", "category_id", "title", "author":
            throw Miniflux.badRequest("order=\(parameters["order"] ?? "") is not supported: use published_at, created_at or id")
        default:
            throw Miniflux.badRequest(
                #"invalid entry order, valid order values are: "id", "status", "changed_at", "published_at", "created_at", "category_title", "category_id", "title", "author""#)
        }
        switch parameters["limit"].flatMap(Int.init) {
        case nil: limit = 100
        case let value? where value < 0: limit = 100
        case 0?: limit = RequestLimits.pageSize
        case let value? where value > RequestLimits.pageSize: throw Miniflux.badRequest("limit value should be <= 1000")
        case let value?: limit = value
        }
        offset = max(0, parameters["offset"].flatMap(Int.init) ?? 0)
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

    /// Unix seconds from a parameter; nil when absent, not a number, or not after 1970 (Miniflux ignores those).
    private static func time(_ text: String?) -> Double? {
        guard let text, let value = Int64(text), value > 0 else { return nil }
        return Double(value)
    }

    private static func earlier(_ date: Date?, _ seconds: Double) -> Date {
        min(date ?? .distantFuture, Date(timeIntervalSince1970: seconds))
    }

    private static func later(_ date: Date?, _ seconds: Double) -> Date {
        max(date ?? .distantPast, Date(timeIntervalSince1970: seconds))
    }

    /// A boolean as Miniflux reads one (Go's `strconv.ParseBool`): Python clients send `True`.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "1", "t", "T", "TRUE", "true", "True": true
        case "0", "f", "F", "FALSE", "false", "False": false
        default: nil
        }
    }
}
