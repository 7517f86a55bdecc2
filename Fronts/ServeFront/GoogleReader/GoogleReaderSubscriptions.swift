import Foundation
import Hummingbird
import RssCore
import ServeCore

/// `subscription/list`, `…/edit`, `…/quickadd`, `…/import` and `…/export`.
struct GoogleReaderSubscriptions: LibraryEndpoint {
    let library: ServeLibrary

    /// Every source: `id` (`feed/NUMBER`), `title`, `categories` (its tags as labels), `url`, `htmlUrl`,
    /// `iconUrl`, `firstitemmsec`; with an exact `ETag` (NetNewsWire asks with `If-None-Match` every sync).
    func list(_ request: Request) async throws -> Response {
        let directory = try await GoogleReaderDirectory.load(library)
        var json = JSONWriter()
        json.object { json in
            json.key("subscriptions")
            json.array { json in
                for source in directory.sources {
                    json.object { json in
                        json.member("id", directory.streamID(of: source))
                        json.member("title", source.title)
                        json.key("categories")
                        json.array { json in
                            for tag in source.tags {
                                json.object { json in
                                    json.member("id", StreamID.label(tag).name)
                                    json.member("label", tag)
                                }
                            }
                        }
                        json.member("url", source.url.absoluteString)
                        json.member("htmlUrl", (source.siteLink ?? source.url).absoluteString)
                        json.member("iconUrl", "")
                        json.member("firstitemmsec", quoted: Int64(source.addedAt.timeIntervalSince1970 * 1_000))
                    }
                }
            }
        }
        return Reply.conditional(json: json.buffer, for: request)
    }

    /// `ac=subscribe|unsubscribe|edit`, `s=feed/NUMBER` or `feed/URL` (repeated), `t=` title (empty: the
    /// feed's own again), `a=`/`r=` labels to add and remove. Subscribing follows what quickadd would (a feed,
    /// or the first one a page declares), reaching only what the server's policy allows.
    func edit(_ parameters: FormParameters) async throws -> Response {
        let action = parameters["ac"] ?? "edit"
        let references = try parameters.all("s").map { name -> String in
            guard case .feed(let reference) = StreamID(name) else { throw APIError.badRequest("s: not a feed stream") }
            return reference
        }
        guard !references.isEmpty else { throw APIError.badRequest("s: which feed?") }
        let added = try parameters.all("a").map(GoogleReaderTags.label)
        let removed = try parameters.all("r").map(GoogleReaderTags.label)
        let title = parameters["t"]
        guard (title?.count ?? 0) <= RequestLimits.textLength else { throw APIError.badRequest("t: too long") }
        let directory = try await GoogleReaderDirectory.load(library)
        var changes: [(source: Source, title: String?)] = []
        switch action {
        case "subscribe":
            for reference in references {
                if let known = directory.source(feed: reference) {
                    changes.append((known, title))
                    continue
                }
                let subscription = await library.subscribe(Self.address(reference), tags: added)
                guard let source = subscription.source else {
                    throw APIError.badRequest(subscription.problem ?? "no feed")
                }
                changes.append((source, title))
            }
        case "unsubscribe":
            for reference in references {
                guard let source = directory.source(feed: reference) else { throw APIError.notFound("no such feed") }
                await library.unsubscribe(source.id)
            }
            return Reply.text("OK")
        case "edit":
            for reference in references {
                guard let source = directory.source(feed: reference) else { throw APIError.notFound("no such feed") }
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

    /// `quickadd=URL` (one leading `feed/` dropped): follows the feed at that address, or the first feed the web
    /// page there declares (RssCore's discovery); a failure is 200 with `numResults` 0 and the `error`, as
    /// FreshRSS answers.
    func quickAdd(_ parameters: FormParameters) async throws -> Response {
        guard var address = parameters["quickadd"], !address.isEmpty else { throw APIError.badRequest("quickadd: which address?") }
        if address.hasPrefix("feed/") { address.removeFirst(5) }
        let subscription = await library.subscribe(address)
        var json = JSONWriter()
        if let source = subscription.source {
            let directory = try await GoogleReaderDirectory.load(library)
            json.object { json in
                json.member("numResults", 1)
                json.member("query", source.url.absoluteString)
                json.member("streamId", directory.streamID(of: source))
                json.member("streamName", source.title)
            }
        } else {
            json.object { json in
                json.member("numResults", 0)
                json.member("query", address)
                json.member("error", subscription.problem ?? "no feed")
            }
        }
        return Reply.json(json.buffer)
    }

    /// `subscription/import`: the body is an OPML document (any content type, as NetNewsWire sends
    /// `text/xml`); its feeds are followed, under the server's policy; answers `OK`, or 400 for a body that is
    /// no OPML.
    func importOPML(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        guard body.readableBytes > 0 else { throw APIError.badRequest("the body must be an OPML document") }
        switch await library.importOPML(Data(body.readableBytesView)) {
        case .success(let outcome) where outcome.followedNothing:
            throw APIError.badRequest(ProblemTextForAPI.refusals(outcome))
        case .success(let outcome):
            // FreshRSS answers `OK`; the feeds not followed, if any, are named on the lines after it.
            return Reply.text((["OK"] + outcome.refused.map(ProblemTextForAPI.refusedFeed)).joined(separator: "\n"))
        case .failure(let problem): throw APIError.badRequest(ProblemTextForAPI.message(problem))
        }
    }

    /// `subscription/export`: the library as OPML 2.0, tags as folders.
    func export() async -> Response {
        var response = Reply.document(await library.exportOPML(), contentType: "application/xml; charset=utf-8")
        response.headers[.contentDisposition] = "attachment; filename=\"subscriptions.opml\""
        return response
    }

    /// The address a `feed/…` reference to a feed not followed yet stands for.
    private static func address(_ reference: String) -> String {
        var reference = Substring(reference)
        while reference.hasPrefix("feed/") { reference = reference.dropFirst(5) }
        return String(reference)
    }
}
