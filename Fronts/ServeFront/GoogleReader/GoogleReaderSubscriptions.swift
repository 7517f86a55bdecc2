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

    /// `ac=subscribe|unsubscribe|edit`, `s=feed/URL` (repeated), `t=` title (empty: the feed's own again),
    /// `a=`/`r=` labels to add and remove.
    func edit(_ parameters: FormParameters) async throws -> Response {
        let action = parameters["ac"] ?? "edit"
        let streams = try parameters.all("s").map { name -> String in
            guard case .feed(let address) = StreamID(name) else { throw APIError.badRequest("s: not a feed stream") }
            return address
        }
        guard !streams.isEmpty else { throw APIError.badRequest("s: which feed?") }
        let added = try parameters.all("a").map(Self.label)
        let removed = try parameters.all("r").map(Self.label)
        let title = parameters["t"]
        guard (title?.count ?? 0) <= RequestLimits.textLength else { throw APIError.badRequest("t: too long") }
        var changes: [(source: Source, title: String?)] = []
        switch action {
        case "subscribe":
            for address in streams {
                let subscription = await library.subscribe(address, tags: added)
                guard let source = subscription.source else {
                    throw APIError.badRequest(subscription.problem ?? "no feed")
                }
                changes.append((source, title))
            }
        case "unsubscribe":
            for address in streams {
                guard let source = library.source(address: address) else { throw APIError.notFound("no such feed") }
                await library.unsubscribe(source.id)
            }
            return Reply.text("OK")
        case "edit":
            for address in streams {
                guard let source = library.source(address: address) else { throw APIError.notFound("no such feed") }
                changes.append((source, title))
            }
        default:
            throw APIError.badRequest("ac: subscribe, unsubscribe or edit")
        }
        // A new source has its labels already; labels of an existing one are set in one go, then titles.
        await library.setTags(changes.map { change in
            let source = library.sources.first { $0.id == change.source.id } ?? change.source
            return (source, source.tags.filter { !removed.contains($0) } + added)
        })
        for change in changes {
            if let title = change.title, action == "edit" || !title.isEmpty { await library.rename(change.source.id, to: title) }
        }
        return Reply.text("OK")
    }

    /// `quickadd=URL`: follows the feed at that address, or the first feed the web page there declares
    /// (RssCore's discovery).
    func quickAdd(_ parameters: FormParameters) async throws -> Response {
        guard var address = parameters["quickadd"], !address.isEmpty else { throw APIError.badRequest("quickadd: which address?") }
        if address.hasPrefix("feed/") { address.removeFirst(5) }
        struct Result: Encodable {
            let numResults: Int
            let query: String
            let streamId: String?
            let streamName: String?
            let error: String?
        }
        let subscription = await library.subscribe(address)
        if let source = subscription.source {
            return try Reply.json(Result(
                numResults: 1, query: source.url.absoluteString, streamId: StreamID.feed(source.url.absoluteString).name,
                streamName: source.title, error: nil))
        }
        // As FreshRSS answers a failure: 200, no result, and why.
        return try Reply.json(Result(
            numResults: 0, query: address, streamId: nil, streamName: nil, error: subscription.problem))
    }

    /// `rename-tag`: `s=user/-/label/OLD` (or `t=OLD`), `dest=user/-/label/NEW`; `disable-tag`: `s` (or `t`),
    /// the label taken off every feed filed under it.
    func renameTag(_ parameters: FormParameters, removing: Bool) async throws -> Response {
        let old = try parameters["s"].map(Self.label) ?? parameters["t"]
        guard let old, !old.isEmpty else { throw APIError.badRequest("s: which label?") }
        var new: String?
        if !removing {
            guard let destination = parameters["dest"] else { throw APIError.badRequest("dest: which label?") }
            new = try Self.label(destination)
        }
        await library.renameTag(old, to: new)
        return Reply.text("OK")
    }

    private static func label(_ name: String) throws -> String {
        guard case .label(let label) = StreamID(name) else { throw APIError.badRequest("a/r: not a label") }
        return label
    }
}
