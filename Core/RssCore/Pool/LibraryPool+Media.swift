public import Foundation

/// An image fetched for a browser by a server's media proxy: its bytes and their type, as the server sent them.
@_spi(Serve) public struct FetchedMedia: Sendable {
    /// The body, decompressed.
    @_spi(Serve) public let data: Data
    /// The `Content-Type` header.
    @_spi(Serve) public let contentType: String?
}

extension LibraryPool {
    /// Fetches the image at `url` for a browser, reaching only what `policy` allows (the account's), at most
    /// `maximumBytes`, through the pool's fetcher and its politeness towards each host; or why not.
    @_spi(Serve) public func fetchMedia(_ url: URL, policy: AddressPolicy, maximumBytes: Int) async -> Result<FetchedMedia, FetchError> {
        var request = FetchRequest(url: url, policy: policy)
        request.kind = .media(maximumBytes: maximumBytes)
        do {
            switch try await fetcher.fetch(request) {
            case .fetched(let body): return .success(FetchedMedia(data: body.data, contentType: body.contentType))
            // No validators were sent: a 304 is the server's error.
            case .notModified: return .failure(.http(status: 304))
            }
        } catch {
            return .failure(error)
        }
    }
}
