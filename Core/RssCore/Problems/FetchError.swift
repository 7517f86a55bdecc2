public import FeedParser
public import Foundation

/// Why a source could not be fetched, or what it sent could not be read as a feed.
///
/// Kept in ``FetchStatus/lastError`` (and stored with the source, so a front started later shows it too)
/// and posted as ``RssProblem/fetch(source:_:)``. ``stage`` sorts the cases the way status lines show them.
public enum FetchError: Error, Sendable, Equatable, Codable {
    /// The server answered with an error status. On a 429 or 503 with `Retry-After`, `retryAfter` is when
    /// it allows the next attempt (the source is left alone until then).
    case http(status: Int, retryAfter: Date? = nil)
    /// A redirect could not be followed.
    case redirect(RedirectFailure)
    /// The fetch took longer than allowed.
    case timeout(FetchTimeout)
    /// The connection failed, or broke before the answer was complete.
    case connection(ConnectionFailure)
    /// The body is larger than allowed (counted after decompression), in bytes.
    case tooLarge(limit: Int)
    /// A `file://` feed could not be read.
    case file(FileProblem)
    /// The body was not a feed the parser could read.
    case parse(FeedParseError)
    /// The address's scheme cannot be fetched (only http, https and file can; under
    /// ``AddressPolicy/publicWeb(allowing:)`` only http and https).
    case unsupportedScheme(String)
    /// The source's ``AddressPolicy`` does not allow connecting to where its host (or a redirect) leads: a
    /// loopback, private, link-local … address. Nothing was sent there.
    case addressNotAllowed(AddressKind)
    /// The fetch was cancelled: never a failure of the source, and never recorded as one.
    case cancelled
    /// A failure at an address on a private network that the fetch's ``AddressPolicy`` allows besides the public
    /// web (a server's `--allow-private`): the failure itself, which the owner's fronts show and a server tells
    /// its remote users nothing of, so that nobody learns from it which ports of the owner's network answer.
    indirect case privateNetwork(FetchError)
    /// A failure recorded by a version of RssReeder from before failures were typed: its stage and its words
    /// as stored. Only a database written by such a version holds one, until the source's next fetch.
    case unclassified(stage: Stage, message: String)

    /// Where in the fetch the failure happened, as status lines name it.
    public enum Stage: String, Sendable, Equatable, Codable {
        /// The source could not be read (network, file system, redirects).
        case fetch
        /// The server answered with an error status.
        case http
        /// The fetch took longer than allowed.
        case timeout
        /// The body was larger than allowed.
        case tooLarge
        /// The body was not a feed the parser could read.
        case parse
    }

    /// The stage of this failure.
    public var stage: Stage {
        switch self {
        case .http: .http
        case .timeout: .timeout
        case .tooLarge, .file(.tooLarge): .tooLarge
        case .parse: .parse
        case .redirect, .connection, .file, .unsupportedScheme, .addressNotAllowed, .cancelled: .fetch
        case .unclassified(let stage, _): stage
        case .privateNetwork(let failure): failure.stage
        }
    }

    /// The HTTP status, for ``http(status:retryAfter:)``.
    public var httpStatus: Int? {
        switch self {
        case .http(let status, _): status
        case .privateNetwork(let failure): failure.httpStatus
        default: nil
        }
    }

    /// Not before this time, as the server asked with `Retry-After`; nil when it did not.
    var retryAfter: Date? {
        switch self {
        case .http(_, let retryAfter): retryAfter
        case .privateNetwork(let failure): failure.retryAfter
        default: nil
        }
    }

    /// The failure itself, what happened on a private network included.
    public var failure: FetchError {
        if case .privateNetwork(let failure) = self { return failure.failure }
        return self
    }

    /// Whether it happened at an address on a private network the policy allows (``privateNetwork(_:)``).
    public var isOnPrivateNetwork: Bool {
        if case .privateNetwork = self { return true }
        return false
    }
}

/// Which time limit a fetch ran into.
public enum FetchTimeout: Sendable, Equatable, Codable {
    /// No connection was made in time.
    case connecting
    /// The server stopped sending.
    case waitingForData
    /// The whole fetch did not finish within this many seconds (a server trickling bytes never stops).
    case total(seconds: Double)
}

/// How a connection failed.
public enum ConnectionFailure: Sendable, Equatable, Codable {
    /// The host name could not be resolved.
    case hostNotFound
    /// The server refused the connection.
    case refused
    /// The network or host is unreachable.
    case unreachable
    /// The connection was reset by the server.
    case reset
    /// The server closed the connection before the answer was complete.
    case closedEarly
    /// The TLS handshake or certificate check failed; the TLS library's reason.
    case tls(String)
    /// The answer was not valid HTTP.
    case malformedResponse
    /// The body was compressed and could not be decompressed.
    case corruptCompression
    /// The body came in an encoding that was not asked for and is not undone (`br`, `zstd` …).
    case unrequestedEncoding(String)
    /// Any other failure of the operating system, as its error number (`errno`).
    case system(errno: Int32)
    /// Any other failure of the HTTP stack, in its own words (credentials removed).
    case other(String)
}

/// Why a redirect could not be followed.
public enum RedirectFailure: Sendable, Equatable, Codable {
    /// More redirects in a row than allowed (the limit).
    case tooMany(limit: Int)
    /// A redirect led back to an address already visited.
    case loop
    /// A redirect without a usable `Location`.
    case noLocation
    /// A redirect to a scheme that is not fetched over HTTP (the scheme as written).
    case unsupportedScheme(String)
}
