package import Hummingbird
package import NIOCore

/// What a request carries through the server: Hummingbird's core context, the client's address (for the
/// login limit) and, once authenticated, the user.
package struct ServeContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The connected peer.
    package let remoteAddress: SocketAddress?
    /// The signed-in user, set by ``/ServeFront/AuthenticationMiddleware``.
    package var user: String?
    /// The signed-in user's library, set with the user for the APIs' paths and the web front's pages.
    package var library: ServeLibrary?
    /// The web front's session token the request signed in with (its cookie's value): what its forms'
    /// anti-forgery tokens are made from, and the session "sign out" ends.
    package var webSession: String?

    /// The signed-in user's library; a 401 when there is none (which authentication never lets happen).
    package func requireLibrary() throws -> ServeLibrary {
        guard let library else { throw APIError.unauthorized }
        return library
    }

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Request bodies are small forms and JSON: anything larger is refused (413); the import paths take more
    /// (``RequestLimits/bodyBytes(for:)``, which the routes read bodies with).
    package var maxUploadSize: Int { RequestLimits.bodyBytes }

    /// The client's address without its port, the key of the login limit.
    package var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// The caps on what a client may send.
package enum RequestLimits {
    /// A request body: forms of item ids and small JSON documents.
    package static let bodyBytes = 1024 * 1024
    /// An OPML document sent to an import path.
    package static let opmlBytes = 16 * 1024 * 1024
    /// The paths that take an OPML document.
    package static let opmlPaths: Set<String> = ["/reader/api/0/subscription/import", "/v1/import", "/web/sources/import"]

    /// The body cap of requests to `path`.
    package static func bodyBytes(for path: String) -> Int {
        opmlPaths.contains(path) ? opmlBytes : bodyBytes
    }
    /// Item ids in one request (`i=` of Google Reader, `entry_ids` of Miniflux).
    package static let itemIDs = 10_000
    /// Parameters besides the ids in one request (`T`, `a`, `r`, `output`…).
    package static let otherParameters = 100
    /// Items in one page.
    package static let pageSize = 1_000
    /// Items in one page of an Atom stream: newsboat asks for its `feedhq-min-items` in one page and never
    /// follows a continuation.
    package static let atomPageSize = 10_000
    /// A stream id, a label, a title or a search.
    package static let textLength = 2_048
}
