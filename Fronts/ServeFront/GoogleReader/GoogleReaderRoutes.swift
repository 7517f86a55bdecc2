import Foundation
import Hummingbird
import RssCore
import ServeCore

/// The Google Reader API (JSON), as FreshRSS serves it to the apps; see docs/serve.md for each endpoint.
struct GoogleReaderRoutes: Sendable {
    static let loginPath = "/accounts/ClientLogin"
    static let apiPrefix = "/reader/api/0/"
    static let atomPrefix = "/reader/atom/"

    func register(on router: Router<ServeContext>) {
        let api = router.group(RouterPath(Self.apiPrefix))
        typealias Streams = GoogleReaderStreams
        typealias Marks = GoogleReaderMarks
        typealias Subscriptions = GoogleReaderSubscriptions
        typealias Tags = GoogleReaderTags
        api.get("token") { _, _ in Reply.text(Self.actionToken + "\n") }
        api.get("user-info") { _, context in try Self.userInfo(context) }
        api.get("subscription/list") { request, context in try await context.endpoint(Subscriptions.self).list(request) }
        api.get("subscription/export") { _, context in try await context.endpoint(Subscriptions.self).export() }
        api.post("subscription/import") { request, context in try await context.endpoint(Subscriptions.self).importOPML(request) }
        api.post("subscription/edit") { request, context in
            try await context.endpoint(Subscriptions.self).edit(try await FormParameters.of(request, context: context))
        }
        api.post("subscription/quickadd") { request, context in
            try await context.endpoint(Subscriptions.self).quickAdd(try await FormParameters.of(request, context: context))
        }
        api.get("tag/list") { request, context in try await context.endpoint(Tags.self).list(request) }
        api.post("rename-tag") { request, context in
            try await context.endpoint(Tags.self).rename(try await FormParameters.of(request, context: context), removing: false)
        }
        api.post("disable-tag") { request, context in
            try await context.endpoint(Tags.self).rename(try await FormParameters.of(request, context: context), removing: true)
        }
        api.get("unread-count") { _, context in try await context.endpoint(GoogleReaderCounts.self).unreadCount() }
        api.get("stream/contents/**") { request, context in try await context.endpoint(Streams.self).contents(request, context: context) }
        api.get("stream/contents") { request, context in try await context.endpoint(Streams.self).contents(request, context: context) }
        api.get("stream/items/ids") { request, context in try await context.endpoint(Streams.self).itemIDs(request, context: context) }
        api.on("stream/items/contents", method: .get) { request, context in
            try await context.endpoint(Streams.self).items(request, context: context)
        }
        api.post("stream/items/contents") { request, context in try await context.endpoint(Streams.self).items(request, context: context) }
        api.post("edit-tag") { request, context in try await context.endpoint(Marks.self).editTag(request, context: context) }
        api.post("mark-all-as-read") { request, context in try await context.endpoint(Marks.self).markAllAsRead(request, context: context) }
        router.get(RouterPath(Self.atomPrefix + "**")) { request, context in
            try await context.endpoint(Streams.self).atom(request, context: context)
        }
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
