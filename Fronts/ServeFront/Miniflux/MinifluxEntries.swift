import Foundation
import Hummingbird
@_spi(Serve) import RssCore
import ServeCore

/// Entries: lists, one entry, marks, the star, and editing.
struct MinifluxEntries: LibraryEndpoint {
    let library: ServeLibrary

    /// What a list of entries covers before its filters.
    enum Scope {
        case all
        case sources(Set<UUID>)
    }

    /// `{"total", "entries"}` of the entries `request`'s filters select within `base`.
    func list(_ request: Request, base: ArticleQuery, scope: Scope, directory: MinifluxDirectory? = nil) async throws -> Response {
        let directory = if let directory { directory } else { try await MinifluxDirectory.load(library) }
        var base = base
        if case .sources(let ids) = scope { base.sourceIDs = ids }
        let parameters = try MinifluxEntryFilter(try MinifluxRoutes.query(request), base: base, directory: directory)
        let total = try await library.count(parameters.query)
        let articles = try await parameters.page(library)
        return try Reply.json(Miniflux.EntryPage(total: total, entries: articles.map(directory.entry)))
    }

    /// `GET /v1/entries/ids` (Miniflux 2.3.2, which NetNewsWire's Miniflux account asks a 2.3.2 server for):
    /// `{"total", "entry_ids"}`, the ids of every entry `status` (`read`, `unread`) and `starred` (`true`,
    /// `false`) select, the highest first, `limit` at a time (at most and by default 10,000) from `offset`.
    /// Any other `status` or `starred`, present but empty included, is Miniflux's 400.
    func ids(_ request: Request) async throws -> Response {
        let parameters = try MinifluxRoutes.query(request)
        var query = ArticleQuery(order: .highestNumberFirst)
        if let starred = parameters["starred"] {
            guard starred == "true" || starred == "false" else {
                throw Miniflux.badRequest(#"invalid starred parameter, must be "true" or "false""#)
            }
            query.isStarred = starred == "true"
        }
        if let status = parameters["status"] {
            guard status == "read" || status == "unread" else {
                throw Miniflux.badRequest(#"invalid status parameter, must be "read" or "unread""#)
            }
            query.isRead = status == "read"
        }
        let limit = parameters["limit"].flatMap(Int.init).flatMap { (1...Self.largestIDPage).contains($0) ? $0 : nil }
            ?? Self.largestIDPage
        let offset = max(0, parameters["offset"].flatMap(Int.init) ?? 0)
        let total = try await library.count(query)
        var page = query
        if offset > 0 {
            guard offset < total else { return try Reply.json(Miniflux.EntryIDPage(total: total, entry_ids: [])) }
            var skip = query
            skip.limit = offset
            guard let last = try await library.positions(skip).last else {
                return try Reply.json(Miniflux.EntryIDPage(total: total, entry_ids: []))
            }
            page.after = last
        }
        page.limit = limit
        let numbers = try await library.positions(page).map(\.number)
        return try Reply.json(Miniflux.EntryIDPage(total: total, entry_ids: numbers))
    }

    /// The most ids `GET /v1/entries/ids` gives at once, Miniflux's `MaxEntryIDsLimit`.
    static let largestIDPage = 10_000

    /// One entry with its content.
    func one(_ context: ServeContext) async throws -> Response {
        let number = try MinifluxRoutes.number(context, "id", thing: "entry")
        return try await entry(number, within: nil)
    }

    /// The entry `number`, 404 when it is not stored or not among `sources`.
    func entry(_ number: Int, within sources: Set<UUID>?) async throws -> Response {
        let directory = try await MinifluxDirectory.load(library)
        guard let article = try await library.articles(numbers: [Int64(number)], includesBody: true).first,
            sources?.contains(article.sourceID) ?? true
        else { throw Miniflux.notFound }
        return try Reply.json(directory.entry(article))
    }

    /// `PUT /v1/entries` `{"entry_ids": […], "status"?: "read"|"unread", "starred"?: bool}`: the status first,
    /// then the star; unknown ids are skipped; 204.
    func update(_ request: Request, context: ServeContext) async throws -> Response {
        struct Update: Decodable {
            let entry_ids: [Int64]?
            let status: String?
            let starred: Bool?
        }
        let update = try await MinifluxRoutes.body(Update.self, of: request, else: "a JSON object with entry_ids and a status or starred is needed")
        guard let numbers = update.entry_ids, !numbers.isEmpty else { throw Miniflux.badRequest("the list of entries cannot be empty") }
        guard numbers.count <= RequestLimits.itemIDs else { throw Miniflux.badRequest("too many entries") }
        guard update.status != nil || update.starred != nil else {
            throw Miniflux.badRequest("either the status or the starred field must be specified")
        }
        if let status = update.status, !["read", "unread"].contains(status) {
            throw Miniflux.badRequest(#"invalid entry status, valid status values are: "read" and "unread""#)
        }
        let marks: [ServeLibrary.ItemMark] = [
            update.status.map { $0 == "read" ? .read : .unread }, update.starred.map { $0 ? .starred : .unstarred },
        ].compactMap { $0 }
        try await library.mark(numbers: numbers, marks)
        return Reply.noContent()
    }

    /// `PUT /v1/entries/{id}/bookmark` (and `…/star`): toggles the star; 204.
    func toggleStar(_ context: ServeContext) async throws -> Response {
        let number = try MinifluxRoutes.number(context, "id", thing: "entry")
        guard let article = try await library.articles(numbers: [Int64(number)]).first else { throw Miniflux.notFound }
        try await library.mark(ids: [article.id], [article.isStarred ? .unstarred : .starred])
        return Reply.noContent()
    }

    /// `PUT /v1/entries/{id}` (title, content): the text of an article is its feed's here, kept as fetched; a
    /// 400 says so.
    func edit(_ request: Request, context: ServeContext) async throws -> Response {
        let number = try MinifluxRoutes.number(context, "id", thing: "entry")
        guard try await library.articles(numbers: [Int64(number)]).first != nil else { throw Miniflux.notFound }
        throw Miniflux.badRequest("editing an entry is not supported: its text is its feed's")
    }

    /// `GET /v1/entries/{id}/fetch-content`: fetches the entry's web page now, under the server's address policy
    /// as well as its feed's (a user never makes the server reach an address the owner did not allow), and
    /// answers `{"content", "reading_time"}` with the text extracted from it; a page that gives none is a 400
    /// that says why. The text is kept either way (`update_content` is accepted and changes nothing): it is
    /// stored beside the feed's, which stays, and later reads of the entry give it as its content.
    func fetchContent(_ context: ServeContext) async throws -> Response {
        let number = try MinifluxRoutes.number(context, "id", thing: "entry")
        guard let article = try await library.articles(numbers: [Int64(number)]).first else { throw Miniflux.notFound }
        switch try await library.fetchFullText(article.id) {
        case .success(let html):
            return try Reply.json(Miniflux.EntryContent(content: html, reading_time: Miniflux.readingTime(html)))
        case .failure(.articleGone):
            throw Miniflux.notFound
        case .failure(let problem):
            throw Miniflux.badRequest(ProblemTextForAPI.message(problem))
        }
    }
}
