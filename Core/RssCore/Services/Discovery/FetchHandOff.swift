import Foundation
import ReduxVM

/// Hands what discovery fetched to the fetch that follows it: a feed found by fetching its address (or an
/// address followed as given) is followed by an add, whose first fetch would ask the server for the same bytes
/// again a moment later (or ask a server that just failed, or asked to wait, again at once). That fetch (of the
/// same address, within ``lifetime``) takes what discovery deposited instead, once, body or failure alike; every
/// other fetch goes to the wrapped fetcher.
///
/// Deposits are few and short-lived: at most ``capacity`` (the oldest is dropped), each kept ``lifetime`` by
/// the store's clock, so a deposit whose add was refused (a feed followed already) costs little and soon goes.
final class FetchHandOff: FeedFetcher {
    let base: any FeedFetcher
    let now: @Sendable () -> Date
    /// How long a deposit waits for its fetch.
    let lifetime: TimeInterval = 60
    /// How many deposits are kept at once (a batch run looks for several addresses at a time).
    let capacity = 16
    private let deposits = Locked<[(url: URL, result: Result<FetchedFeed, FetchError>, at: Date)]>([])

    init(_ base: any FeedFetcher, now: @escaping @Sendable () -> Date) {
        self.base = base
        self.now = now
    }

    /// Keeps `result`, what fetching `url` gave, for the next fetch of `url`.
    func deposit(_ result: Result<FetchedFeed, FetchError>, for url: URL) {
        // A body kept for the address it moved to is the answer of that address: the fetch taking it asks there.
        let result = result.map { feed in
            var feed = feed
            if feed.permanentlyMovedTo == url { feed.permanentlyMovedTo = nil }
            return feed
        }
        let at = now()
        deposits.withLock { deposits in
            deposits.removeAll { $0.url == url }
            deposits.append((url, result, at))
            if deposits.count > capacity { deposits.removeFirst(deposits.count - capacity) }
        }
    }

    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        if let result = take(request.url) { return .fetched(try result.get()) }
        return try await base.fetch(request)
    }

    /// The deposit for `url`, removed, when there is one still fresh.
    private func take(_ url: URL) -> Result<FetchedFeed, FetchError>? {
        let date = now()
        return deposits.withLock { deposits in
            deposits.removeAll { abs(date.timeIntervalSince($0.at)) > lifetime }
            guard let index = deposits.firstIndex(where: { $0.url == url }) else { return nil }
            return deposits.remove(at: index).result
        }
    }
}
