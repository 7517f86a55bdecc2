public import Foundation

/// What a feed and its server ask about how often to fetch, as the last fetches said: the scheduler raises a
/// source's interval to the longest of them (each counted up to a day, see ``FetchSchedule``).
@_spi(Benchmarks) public struct RefreshHints: Sendable, Equatable, Codable {
    /// RSS `<ttl>`, in seconds.
    @_spi(Benchmarks) public internal(set) var ttl: TimeInterval?
    /// The Syndication module's interval (`sy:updatePeriod` divided by `sy:updateFrequency`), in seconds.
    @_spi(Benchmarks) public internal(set) var updatePeriod: TimeInterval?
    /// How long the server said its answer stays fresh (`Cache-Control: max-age`, else `Expires`), in seconds.
    @_spi(Benchmarks) public internal(set) var serverFreshness: TimeInterval?

    /// No hints: the user's interval alone decides.
    @_spi(Benchmarks) public init(
        ttl: TimeInterval? = nil, updatePeriod: TimeInterval? = nil, serverFreshness: TimeInterval? = nil
    ) {
        self.ttl = ttl
        self.updatePeriod = updatePeriod
        self.serverFreshness = serverFreshness
    }
}
