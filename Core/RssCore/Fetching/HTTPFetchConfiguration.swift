/// The limits an ``HTTPFeedFetcher`` enforces on every fetch.
@_spi(Benchmarks) public struct HTTPFetchConfiguration: Sendable, Equatable {
    /// How long establishing a connection (TCP and TLS) may take.
    @_spi(Benchmarks) public var connectTimeout: Duration = .seconds(10)
    /// How long a whole fetch may take, redirects and body included.
    @_spi(Benchmarks) public var totalTimeout: Duration = .seconds(30)
    /// The largest body accepted, counted after decompression, while it streams in.
    @_spi(Benchmarks) public var maximumBytes = 20 * 1024 * 1024
    /// How many redirects one fetch follows before giving up.
    @_spi(Benchmarks) public var maximumRedirects = 5
    /// The longest `Retry-After` honoured; a server asking for more gets this.
    @_spi(Benchmarks) public var maximumRetryAfter: Duration = .seconds(7 * 24 * 3600)
    /// The `User-Agent` header.
    @_spi(Benchmarks) public var userAgent = ProgramVersion.userAgent

    /// The defaults: 10 s to connect, 30 s in all, 20 MiB, 5 redirects.
    @_spi(Benchmarks) public init() {}
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
