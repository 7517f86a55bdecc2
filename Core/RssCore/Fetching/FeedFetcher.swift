public import Foundation

/// Reads a feed's bytes: the seam between RssCore and the outside world.
///
/// Side effects get a fetcher injected, so tests run against fakes or a loopback server and the program
/// against the real thing. Validators from the previous fetch come in with the request and go back to the
/// server verbatim, so that an unchanged feed costs a "not modified" and no parsing.
///
/// Internal to RssCore; the `Benchmarks` SPI exposes it to the fetch benchmark only.
///
/// ```swift
/// let http = HTTPFeedFetcher()
/// let fetcher = FetchScheduler(CompositeFetcher(http: http))
/// switch try await fetcher.fetch(FetchRequest(url: url, etag: stored.etag)) {
/// case .notModified: break
/// case .fetched(let feed): parse(feed.data)
/// }
/// await http.shutdown()
/// ```
@_spi(Benchmarks) public protocol FeedFetcher: Sendable {
    /// Fetches `request`, reporting failure as a ``FetchError``.
    ///
    /// When the calling task is cancelled, throws ``FetchError/cancelled`` promptly and returns no partial
    /// result.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}

/// What to fetch, with the validators of the last successful fetch.
@_spi(Benchmarks) public struct FetchRequest: Sendable, Equatable {
    /// The feed's address: `file`, `http` or `https`.
    @_spi(Benchmarks) public var url: URL
    /// The `ETag` of the last successful fetch, sent back verbatim as `If-None-Match`.
    @_spi(Benchmarks) public var etag: String?
    /// The `Last-Modified` of the last successful fetch, sent back verbatim as `If-Modified-Since`.
    @_spi(Benchmarks) public var lastModified: String?
    /// Which schemes and addresses the fetch may reach: its source's.
    @_spi(Benchmarks) public var policy: AddressPolicy
    /// What is fetched: a feed, or an article's web page (which asks for HTML and has a smaller cap).
    var kind: FetchKind = .feed

    /// A request for `url` with the stored validators, if any.
    @_spi(Benchmarks) public init(
        url: URL, etag: String? = nil, lastModified: String? = nil, policy: AddressPolicy = .unrestricted
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.policy = policy
    }
}

/// What a request fetches, which decides what it accepts and how large an answer may be.
enum FetchKind: Sendable, Equatable {
    /// A feed: feed types first in `Accept`, the fetcher's own cap.
    case feed
    /// An article's web page, for its full text: HTML first in `Accept`, and at most `maximumBytes` (the
    /// extractor's limit, smaller than a feed's), so that a page past it is dropped while it streams in.
    case page(maximumBytes: Int)
    /// An image an article shows, fetched for a browser by a server's media proxy: images in `Accept`, at most
    /// `maximumBytes`.
    case media(maximumBytes: Int)
}

/// What a fetch returned.
@_spi(Benchmarks) public enum FetchResponse: Sendable, Equatable {
    /// The feed is unchanged since the validators were issued; the server may say how long that stays so
    /// (``FetchedFeed/freshFor``) and that the feed moved for good (``FetchedFeed/permanentlyMovedTo``).
    case notModified(freshFor: TimeInterval? = nil, permanentlyMovedTo: URL? = nil)
    /// The feed's bytes, with what is needed to parse them and to ask next time.
    case fetched(FetchedFeed)
}

/// A fetched body and its metadata.
@_spi(Benchmarks) public struct FetchedFeed: Sendable, Equatable {
    /// The body, decompressed.
    @_spi(Benchmarks) public var data: Data
    /// The `Content-Type` header, for the parser's charset rules.
    @_spi(Benchmarks) public var contentType: String?
    /// The validator to send back as `If-None-Match` next time.
    @_spi(Benchmarks) public var etag: String?
    /// The validator to send back as `If-Modified-Since` next time.
    @_spi(Benchmarks) public var lastModified: String?
    /// Where the feed moved for good (301/308): the source takes it once two fetches in a row saw it.
    @_spi(Benchmarks) public var permanentlyMovedTo: URL?
    /// How long the server says the feed stays fresh (`Cache-Control: max-age`, `Expires`), in seconds.
    @_spi(Benchmarks) public var freshFor: TimeInterval?
    /// The address the body came from, after every redirect: what a page's relative links resolve against.
    /// Nil from fetchers that follow no redirect (files, fakes).
    var finalURL: URL?
    /// Whether it came from an address on a private network the fetch's policy allows beyond the public web: a
    /// failure to read it is then told as ``FetchError/privateNetwork(_:)``.
    var viaPrivateNetwork = false

    /// A fetched body with its metadata.
    @_spi(Benchmarks) public init(
        data: Data, contentType: String? = nil, etag: String? = nil, lastModified: String? = nil,
        permanentlyMovedTo: URL? = nil, freshFor: TimeInterval? = nil
    ) {
        self.data = data
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.permanentlyMovedTo = permanentlyMovedTo
        self.freshFor = freshFor
    }
}

extension FetchError {
    /// Whether this is ``cancelled``, which is not a failure of the source.
    var isCancellation: Bool { self == .cancelled }
}
