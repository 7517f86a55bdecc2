import Foundation

/// Reads a feed's bytes: the seam between RssCore and the outside world.
///
/// Side effects get a fetcher injected, so tests run against fakes or a loopback server and the program
/// against the real thing. Validators from the previous fetch come in with the request and go back to the
/// server verbatim, so that an unchanged feed costs a "not modified" and no parsing.
protocol FeedFetcher: Sendable {
    /// Fetches `request`, reporting failure as a ``FetchError`` with its stage.
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse
}

/// What to fetch, with the validators of the last successful fetch.
struct FetchRequest: Sendable, Equatable {
    var url: URL
    var etag: String?
    var lastModified: String?
}

/// What a fetch returned.
enum FetchResponse: Sendable, Equatable {
    /// The feed is unchanged since the validators were issued.
    case notModified
    /// The feed's bytes, with what is needed to parse them and to ask next time.
    case fetched(FetchedFeed)
}

/// A fetched body and its metadata.
struct FetchedFeed: Sendable, Equatable {
    var data: Data
    /// The `Content-Type` header, for the parser's charset rules.
    var contentType: String?
    var etag: String?
    var lastModified: String?
    /// Where the feed moved for good (301/308), to store instead of the old URL.
    var permanentlyMovedTo: URL?
}
