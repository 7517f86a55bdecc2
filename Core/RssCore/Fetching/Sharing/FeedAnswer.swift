import FeedParser
import Foundation

/// What fetching and parsing a feed came to, before anything is stored: what a refresh merges into its library,
/// and what ``FeedHub`` shares between the libraries that follow one address.
enum FeedAnswer: Sendable {
    /// Unchanged since the validators sent (HTTP 304, an unchanged file).
    case notModified(freshFor: TimeInterval?, movedTo: URL?)
    /// The feed, parsed.
    case parsed(ParsedFeedResult)
    /// The fetch or the parse failed.
    case failed(FetchError)
    /// The task asking was cancelled: nothing to store, and nothing to tell another library.
    case cancelled
}

/// A feed fetched and parsed: its items as a merge takes them, what it says of itself, and what the server said
/// of it (the validators the next fetch sends back, a move, how long it stays fresh).
struct ParsedFeedResult: Sendable {
    /// The feed's own fields; its items are in ``items``.
    let feed: ParsedFeed
    let items: [FetchedItem]
    let etag: String?
    let lastModified: String?
    let permanentlyMovedTo: URL?
    let freshFor: TimeInterval?
    /// The size of the body it was parsed from: what merging it is admitted for (``RefreshService/storingBudget``).
    let bytes: Int

    init(feed: ParsedFeed, items: [FetchedItem], from fetched: FetchedFeed) {
        self.feed = feed
        self.items = items
        etag = fetched.etag
        lastModified = fetched.lastModified
        permanentlyMovedTo = fetched.permanentlyMovedTo
        freshFor = fetched.freshFor
        bytes = fetched.data.count
    }
}

extension Result {
    /// Whether it is a failure.
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
