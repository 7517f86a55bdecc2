import Foundation
import Hummingbird
import RssCore
import ServeCore

/// OPML export and import, and discovery.
struct MinifluxDocuments: LibraryEndpoint {
    let library: ServeLibrary

    /// `GET /v1/export`: the library as OPML 2.0, tags as folders.
    func export() async -> Response {
        Reply.document(await library.exportOPML(), contentType: "text/xml; charset=utf-8")
    }

    /// `POST /v1/import`: the body is an OPML document (whatever its content type); its feeds are followed under
    /// the server's policy (the first fetches go on after the answer); 201 `{"message"}`, Miniflux's when every
    /// feed was followed, else naming those that were not; a 400 when none of the feeds listed was followed.
    func importOPML(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        switch await library.importOPML(Data(body.readableBytesView)) {
        case .success(let outcome) where outcome.followedNothing:
            throw Miniflux.badRequest(ProblemTextForAPI.refusals(outcome))
        case .success(let outcome) where !outcome.refused.isEmpty:
            let message = "Feeds imported: \(outcome.added) followed, \(outcome.alreadyFollowed) already followed; "
                + ProblemTextForAPI.refusals(outcome)
            return try Reply.json(["message": message], status: .created)
        case .success: return try Reply.json(["message": "Feeds imported successfully"], status: .created)
        case .failure(let problem): throw Miniflux.badRequest(ProblemTextForAPI.message(problem))
        }
    }

    /// `POST /v1/discover` `{"url"}`: the feeds there, followed by nobody: `[{"title", "url", "type"}]`; none is
    /// a 404, an address the server may not reach a 400.
    func discover(_ request: Request, context: ServeContext) async throws -> Response {
        struct Discover: Decodable {
            let url: String?
        }
        struct Found: Encodable {
            let title: String
            let url: String
            let type: String
        }
        let discover = try await MinifluxRoutes.body(Discover.self, of: request, else: "Invalid site URL.")
        guard let address = discover.url, let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { throw Miniflux.badRequest("Invalid site URL.") }
        switch await library.findFeeds(at: address) {
        case .success(let feeds):
            return try Reply.json(feeds.map { feed in
                Found(
                    title: feed.title ?? feed.url.absoluteString, url: feed.url.absoluteString,
                    type: feed.format?.rawValue ?? "rss")
            })
        case .failure(.badAddress(_, let refusal)):
            throw Miniflux.badRequest(ProblemTextForAPI.message(.badAddress(address, refusal)))
        case .failure:
            throw Miniflux.notFound
        }
    }
}
