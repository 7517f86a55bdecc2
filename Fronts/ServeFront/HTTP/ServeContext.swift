import Hummingbird
import NIOCore

/// What a request carries through the server: Hummingbird's core context, the client's address (for the
/// login limit) and, once authenticated, the user.
struct ServeContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The connected peer.
    let remoteAddress: SocketAddress?
    /// The signed-in user, set by ``AuthenticationMiddleware``.
    var user: String?
    /// The signed-in user's library, set with the user for the APIs' paths.
    var library: ServeLibrary?

    /// The signed-in user's library; a 401 when there is none (which authentication never lets happen).
    func requireLibrary() throws -> ServeLibrary {
        guard let library else { throw APIError.unauthorized }
        return library
    }

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Request bodies are small forms and JSON: anything larger is refused (413); the import paths take more
    /// (``RequestLimits/bodyBytes(for:)``, which the routes read bodies with).
    var maxUploadSize: Int { RequestLimits.bodyBytes }

    /// The client's address without its port, the key of the login limit.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// The caps on what a client may send.
enum RequestLimits {
    /// A request body: forms of item ids and small JSON documents.
    static let bodyBytes = 1024 * 1024
    /// An OPML document sent to an import path.
    static let opmlBytes = 16 * 1024 * 1024
    /// The paths that take an OPML document.
    static let opmlPaths: Set<String> = ["/reader/api/0/subscription/import", "/v1/import"]

    /// The body cap of requests to `path`.
    static func bodyBytes(for path: String) -> Int {
        opmlPaths.contains(path) ? opmlBytes : bodyBytes
    }
    /// Item ids in one request (`i=` of Google Reader, `entry_ids` of Miniflux).
    static let itemIDs = 10_000
    /// Parameters besides the ids in one request (`T`, `a`, `r`, `output`…).
    static let otherParameters = 100
    /// Items in one page.
    static let pageSize = 1_000
    /// Items in one page of an Atom stream: newsboat asks for its `feedhq-min-items` in one page and never
    /// follows a continuation.
    static let atomPageSize = 10_000
    /// A stream id, a label, a title or a search.
    static let textLength = 2_048
}
