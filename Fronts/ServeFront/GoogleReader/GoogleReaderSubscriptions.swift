import Foundation
import Hummingbird
import RssCore

/// `subscription/list`, `subscription/edit` and `subscription/quickadd`.
struct GoogleReaderSubscriptions: Sendable {
    let library: ServeLibrary

    func list() async throws -> Response {
        struct Category: Encodable {
            let id: String
            let label: String
        }
        struct Subscription: Encodable {
            let id: String
            let title: String
            let categories: [Category]
            let url: String
            let htmlUrl: String
            let iconUrl: String
            let firstitemmsec: String
        }
        await library.catchUp()
        let subscriptions = library.sources.map { source in
            Subscription(
                id: StreamID.feed(source.url.absoluteString).name, title: source.title,
                categories: source.tags.map { Category(id: StreamID.label($0).name, label: $0) },
                url: source.url.absoluteString, htmlUrl: (source.siteLink ?? source.url).absoluteString, iconUrl: "",
                firstitemmsec: String(Int64(source.addedAt.timeIntervalSince1970 * 1_000)))
        }
        return try Reply.json(["subscriptions": subscriptions])
    }

    /// `ac=subscribe|unsubscribe|edit`, `s=feed/URL` (repeated), `t=` title, `a=`/`r=` labels.
    func edit(_ parameters: FormParameters) async throws -> Response {
        let action = parameters["ac"] ?? "edit"
        let streams = try parameters.all("s").map { name -> String in
            guard case .feed(let address) = StreamID(name) else { throw APIError.badRequest("s: not a feed stream") }
            return address
        }
        guard !streams.isEmpty else { throw APIError.badRequest("s: which feed?") }
        if parameters["t"] != nil && action != "subscribe" {
            throw APIError(.notImplemented, "renaming a feed is not supported")
        }
        let labels = try parameters.all("a").map(Self.label)
        if !parameters.all("r").isEmpty && action != "unsubscribe" {
            throw APIError(.notImplemented, "removing a label is not supported")
        }
        switch action {
        case "subscribe":
            for address in streams {
                if case .refused = await library.subscribe(address, tags: labels) {
                    throw APIError.badRequest("not a feed address this server follows (http, https)")
                }
            }
        case "unsubscribe":
            for address in streams {
                guard let source = library.source(address: address) else { throw APIError.notFound("no such feed") }
                await library.unsubscribe(source.id)
            }
        case "edit":
            if !labels.isEmpty { throw APIError(.notImplemented, "adding a label is not supported") }
        default:
            throw APIError.badRequest("ac: subscribe, unsubscribe or edit")
        }
        return Reply.text("OK")
    }

    /// `quickadd=URL`: follows the feed at that address.
    func quickAdd(_ parameters: FormParameters) async throws -> Response {
        guard var address = parameters["quickadd"], !address.isEmpty else { throw APIError.badRequest("quickadd: which address?") }
        if address.hasPrefix("feed/") { address.removeFirst(5) }
        struct Result: Encodable {
            let numResults: Int
            let query: String
            let streamId: String?
            let streamName: String?
        }
        switch await library.subscribe(address) {
        case .added(let source), .existing(let source):
            return try Reply.json(Result(
                numResults: 1, query: address, streamId: StreamID.feed(source.url.absoluteString).name,
                streamName: source.title))
        case .refused:
            return try Reply.json(Result(numResults: 0, query: address, streamId: nil, streamName: nil))
        }
    }

    private static func label(_ name: String) throws -> String {
        guard case .label(let label) = StreamID(name) else { throw APIError.badRequest("a/r: not a label") }
        return label
    }
}
