import Foundation

/// Wraps any ``FeedFetcher`` so that at most ``maximumConcurrent`` fetches run at once, and at most
/// ``maximumPerHost`` of them against one host.
///
/// The refresh side effect starts one task per source and lets them all call ``fetch(_:)``: fetches beyond the
/// limits wait in one first-come queue, and a freed slot goes to the oldest waiter whose host is below its
/// limit, so a host with many sources never holds up the others. A task cancelled while waiting leaves the
/// queue at once with ``FetchError/cancelled``. Local files count against the global limit only.
@_spi(Benchmarks) public struct FetchScheduler: FeedFetcher {
    /// The fetcher doing the work.
    let base: any FeedFetcher
    /// The slots, shared by every copy of this scheduler.
    let limiter: FetchLimiter

    /// At most this many fetches at once.
    @_spi(Benchmarks) public var maximumConcurrent: Int { limiter.maximumConcurrent }
    /// At most this many fetches at once against one host.
    @_spi(Benchmarks) public var maximumPerHost: Int { limiter.maximumPerHost }

    /// Schedules `base`'s fetches: 8 at once in all and 2 per host by default.
    @_spi(Benchmarks) public init(_ base: any FeedFetcher, maximumConcurrent: Int = 8, maximumPerHost: Int = 2) {
        self.base = base
        self.limiter = FetchLimiter(maximumConcurrent: maximumConcurrent, maximumPerHost: maximumPerHost)
    }

    @_spi(Benchmarks) public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let host = request.url.politenessKey
        try await limiter.acquire(host: host)
        defer { limiter.release(host: host) }
        if Task.isCancelled { throw .cancelled }
        return try await base.fetch(request)
    }
}
