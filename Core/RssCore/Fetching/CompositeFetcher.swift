import Foundation

/// Sends each request to the fetcher for its scheme: ``FileFetcher`` for `file`, HTTP for `http` and `https`.
@_spi(Benchmarks) public struct CompositeFetcher: FeedFetcher {
    /// Reads `file://` feeds.
    let file: FileFetcher
    /// Fetches `http://` and `https://` feeds.
    let http: any FeedFetcher

    /// Local files through a ``FileFetcher`` with the same body cap, the web through `http`.
    @_spi(Benchmarks) public init(http: HTTPFeedFetcher) {
        self.init(file: FileFetcher(maximumBytes: http.configuration.maximumBytes), http: http)
    }

    /// Local files through `file`, the web through `http`.
    init(file: FileFetcher = FileFetcher(), http: any FeedFetcher) {
        self.file = file
        self.http = http
    }

    @_spi(Benchmarks) public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        switch request.url.scheme?.lowercased() {
        case "file":
            guard request.policy.allowsFiles else { throw .unsupportedScheme("file") }
            return try await file.fetch(request)
        case "http", "https":
            return try await http.fetch(request)
        default:
            throw .unsupportedScheme(request.url.scheme ?? "")
        }
    }
}
