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

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Request bodies are small forms and JSON: anything larger is refused (413).
    var maxUploadSize: Int { RequestLimits.bodyBytes }

    /// The client's address without its port, the key of the login limit.
    var clientAddress: String { remoteAddress?.ipAddress ?? "unknown" }
}

/// The caps on what a client may send.
enum RequestLimits {
    /// A request body: forms of item ids and small JSON documents.
    static let bodyBytes = 256 * 1024
    /// Item ids in one request (`i=` of Google Reader, `entry_ids` of Miniflux).
    static let itemIDs = 10_000
    /// Items in one page.
    static let pageSize = 1_000
    /// Items in one page of an Atom stream: newsboat asks for its `feedhq-min-items` in one page and never
    /// follows a continuation.
    static let atomPageSize = 10_000
    /// A stream id, a label, a title or a search.
    static let textLength = 2_048
}
