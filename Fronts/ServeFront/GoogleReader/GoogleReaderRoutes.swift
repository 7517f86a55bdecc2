import Foundation
import Hummingbird
import RssCore

/// The Google Reader API (JSON), the part reader apps use; see docs/serve.md for each endpoint.
struct GoogleReaderRoutes: Sendable {
    static let loginPath = "/accounts/ClientLogin"
    static let apiPrefix = "/reader/api/0/"
    static let atomPrefix = "/reader/atom/"

    let library: ServeLibrary
    let subscriptions: GoogleReaderSubscriptions

    init(library: ServeLibrary) {
        self.library = library
        subscriptions = GoogleReaderSubscriptions(library: library)
    }

    func register(on router: Router<ServeContext>) {
        let api = router.group(RouterPath(Self.apiPrefix))
        api.get("token") { _, _ in Reply.text(Self.actionToken + "\n") }
        api.get("user-info") { _, context in try Self.userInfo(context) }
        api.get("subscription/list") { _, _ in try await subscriptions.list() }
        api.post("subscription/edit") { request, context in
            try await subscriptions.edit(try await FormParameters.of(request, context: context))
        }
        api.post("subscription/quickadd") { request, context in
            try await subscriptions.quickAdd(try await FormParameters.of(request, context: context))
        }
        api.post("rename-tag") { request, context in
            try await subscriptions.renameTag(try await FormParameters.of(request, context: context), removing: false)
        }
        api.post("disable-tag") { request, context in
            try await subscriptions.renameTag(try await FormParameters.of(request, context: context), removing: true)
        }
        api.get("tag/list") { _, _ in try await tagList() }
        api.get("unread-count") { _, _ in try await unreadCount() }
        api.get("stream/contents/**") { request, context in try await streamContents(request, context: context) }
        api.get("stream/contents") { request, context in try await streamContents(request, context: context) }
        api.get("stream/items/ids") { request, context in try await itemIDs(request, context: context) }
        api.on("stream/items/contents", method: .get) { request, context in try await itemContents(request, context: context) }
        api.post("stream/items/contents") { request, context in try await itemContents(request, context: context) }
        api.post("edit-tag") { request, context in try await editTag(request, context: context) }
        api.post("mark-all-as-read") { request, context in try await markAllAsRead(request, context: context) }
        router.get(RouterPath(Self.atomPrefix + "**")) { request, context in try await atom(request, context: context) }
    }

    /// The action token (`T`) clients fetch before each change. Requests are authenticated by their header,
    /// which a browser never adds to another site's request, so T guards nothing here; clients get a
    /// constant of the length Google's had, and whatever T they send back is accepted (as FreshRSS does for
    /// `x` and the empty T some clients send).
    static let actionToken = String(repeating: "Z", count: 57)

    private static func userInfo(_ context: ServeContext) throws -> Response {
        let name = context.user ?? ""
        return try Reply.json(["userId": "1", "userName": name, "userProfileId": "1", "userEmail": name])
    }

    private func tagList() async throws -> Response {
        await library.catchUp()
        struct Tag: Encodable {
            let id: String
            var type: String?
        }
        let tags = [Tag(id: StreamID.starred.name)] + library.tags.map { Tag(id: StreamID.label($0).name, type: "folder") }
        return try Reply.json(["tags": tags])
    }

    private func unreadCount() async throws -> Response {
        struct Count: Encodable {
            let id: String
            let count: Int
            let newestItemTimestampUsec: String
        }
        await library.catchUp()
        let counts = library.counts
        let newest = try await library.articles(ArticleQuery(limitPerSource: 1))
        let newestBySource = Dictionary(newest.map { ($0.sourceID, $0.date) }, uniquingKeysWith: max)
        func usec(_ date: Date?) -> String { String(Int64((date?.timeIntervalSince1970 ?? 0) * 1_000_000)) }
        var rows: [Count] = library.sources.map {
            Count(id: StreamID.feed($0.url.absoluteString).name, count: counts.unread(in: $0.id), newestItemTimestampUsec: usec(newestBySource[$0.id]))
        }
        for tag in library.tags {
            let members = library.sources.filter { $0.tags.contains(tag) }
            rows.append(Count(
                id: StreamID.label(tag).name, count: members.reduce(0) { $0 + counts.unread(in: $1.id) },
                newestItemTimestampUsec: usec(members.compactMap { newestBySource[$0.id] }.max())))
        }
        rows.append(Count(id: StreamID.readingList.name, count: counts.unread, newestItemTimestampUsec: usec(newestBySource.values.max())))
        struct Counts: Encodable {
            let max: Int
            let unreadcounts: [Count]
        }
        return try Reply.json(Counts(max: counts.unread, unreadcounts: rows))
    }

    private func streamContents(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let stream = try Self.stream(request.uri.path, prefix: Self.apiPrefix + "stream/contents/", parameters: parameters)
        let read = try StreamRequest(stream: stream, parameters: parameters, library: library, includesBody: true)
        let (articles, continuation) = try await read.page(library)
        return try Reply.json(page(stream, articles, continuation: continuation))
    }

    private func itemIDs(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["s"], let stream = StreamID(name) else { throw APIError.badRequest("s: not a stream") }
        let read = try StreamRequest(stream: stream, parameters: parameters, library: library, includesBody: false)
        let (articles, continuation) = try await read.page(library)
        let refs = articles.map {
            GoogleReaderItemRefs.Ref(
                id: ItemID.short($0.number), directStreamIds: [],
                timestampUsec: String(Int64($0.date.timeIntervalSince1970 * 1_000_000)))
        }
        return try Reply.json(GoogleReaderItemRefs(itemRefs: refs, continuation: continuation))
    }

    private func itemContents(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let numbers = try Self.itemNumbers(parameters)
        var articles = try await library.articles(numbers: numbers, includesBody: true)
        if parameters["r"] == "o" { articles.reverse() }
        return try Reply.json(page(.readingList, articles, continuation: nil))
    }

    private func editTag(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let numbers = try Self.itemNumbers(parameters)
        let ids = try await library.articles(numbers: numbers).map(\.id)
        for (tags, adding) in [(parameters.all("a"), true), (parameters.all("r"), false)] {
            for tag in tags {
                switch StreamID(tag) {
                case .read: await library.setRead(ids, adding)
                case .unread: await library.setRead(ids, !adding)
                case .starred: await library.setStarred(ids, adding)
                case .label, .readingList:
                    throw APIError.badRequest("labels on single items are not supported")
                default:
                    // broadcast, like, tracking-kept-unread: states this reader does not keep.
                    continue
                }
            }
        }
        return Reply.text("OK")
    }

    private func markAllAsRead(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        guard let name = parameters["s"], let stream = StreamID(name) else { throw APIError.badRequest("s: not a stream") }
        guard case .some(let sources) = stream.sources(in: library) else { throw APIError.notFound("no such feed") }
        var before: Date?
        if let stamp = parameters["ts"], !stamp.isEmpty {
            // Microseconds; some clients send seconds.
            let value = Double(try StreamRequest.integer(stamp, "ts"))
            before = Date(timeIntervalSince1970: value > 1e14 ? value / 1_000_000 : value > 1e11 ? value / 1_000 : value)
        }
        if case .label(let tag) = stream, before == nil {
            // By the tag itself: RssCore resolves its sources where it stores the marks.
            await library.markAllRead(tag: tag)
        } else {
            await library.markAllRead(sources: sources, bound: before.map(MarkAllRead.Bound.datedBefore))
        }
        return Reply.text("OK")
    }

    private func atom(_ request: Request, context: ServeContext) async throws -> Response {
        let parameters = try await FormParameters.of(request, context: context)
        let stream = try Self.stream(request.uri.path, prefix: Self.atomPrefix, parameters: parameters)
        let read = try StreamRequest(
            stream: stream, parameters: parameters, library: library, includesBody: true,
            largestPage: RequestLimits.atomPageSize)
        let (articles, continuation) = try await read.page(library)
        let sources = Dictionary(library.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let document = AtomStream.document(
            stream: stream, title: title(of: stream), articles: articles, sources: sources, continuation: continuation)
        return Reply.document(document, contentType: "application/atom+xml; charset=utf-8")
    }

    private func page(_ stream: StreamID, _ articles: [ArticleSnapshot], continuation: String?) -> GoogleReaderStream {
        let sources = Dictionary(library.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return GoogleReaderStream(
            id: stream.name, title: title(of: stream), updated: Int64(Date().timeIntervalSince1970),
            items: articles.map { GoogleReaderItem($0, source: sources[$0.sourceID]) }, continuation: continuation)
    }

    private func title(of stream: StreamID) -> String {
        switch stream {
        case .feed(let address): library.source(address: address)?.title ?? address
        case .label(let name): name
        case .readingList: "Reading list"
        case .starred: "Starred"
        case .read: "Read"
        case .unread: "Unread"
        }
    }

    /// The stream a path names after `prefix` (percent-decoded; slashes may be raw or encoded), else `s`.
    static func stream(_ path: String, prefix: String, parameters: FormParameters) throws -> StreamID {
        var name = parameters["s"]
        if path.count > prefix.count, path.hasPrefix(prefix) {
            name = String(path.dropFirst(prefix.count)).removingPercentEncoding
        }
        guard let name, let stream = StreamID(name) else { throw APIError.badRequest("not a stream this server knows") }
        return stream
    }

    /// The `i=` ids, in either form; 400 for one that is neither, or too many.
    static func itemNumbers(_ parameters: FormParameters) throws -> [Int64] {
        let texts = parameters.all("i")
        guard texts.count <= RequestLimits.itemIDs else { throw APIError.badRequest("too many items") }
        return try texts.map { text in
            guard let number = ItemID.number(text) else { throw APIError.badRequest("i: not an item id") }
            return number
        }
    }
}
