import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression

/// Fetches `http` and `https` feeds on one shared AsyncHTTPClient, politely and within limits.
///
/// Sends the stored validators verbatim (`If-None-Match`, `If-Modified-Since`) and answers a 304 with
/// ``FetchResponse/notModified(freshFor:permanentlyMovedTo:)``; accepts gzip and deflate; follows at most
/// ``HTTPFetchConfiguration/maximumRedirects`` redirects, detecting loops, and reports a leading chain of
/// 301/308 as ``FetchedFeed/permanentlyMovedTo``; counts the decompressed body as it streams in and gives up
/// past ``HTTPFetchConfiguration/maximumBytes``; bounds connecting and the whole fetch in time. Failures come
/// back as a ``FetchError``, and a 429 or 503 with `Retry-After` says until when to wait. `Cache-Control` and
/// `Expires` come back as ``FetchedFeed/freshFor``.
///
/// The fetcher owns its HTTP client: call ``shutdown()`` once, when no fetch is running any more; dropping it
/// without shutting down is a programming error that AsyncHTTPClient reports by crashing.
///
/// It does not limit concurrency: wrap it in a ``FetchScheduler``.
@_spi(Benchmarks) public final class HTTPFeedFetcher: FeedFetcher {
    /// The limits applied to every fetch.
    @_spi(Benchmarks) public let configuration: HTTPFetchConfiguration
    /// The one client, with its connection pool, for fetches that may reach every address.
    let client: HTTPClient
    /// The clients for fetches whose policy allows only some addresses: through an ``AddressGuard``.
    let guardedClients: GuardedClients
    /// The clock `Retry-After` seconds count from.
    let now: @Sendable () -> Date

    /// A fetcher with its own HTTP client, configured by `configuration`.
    @_spi(Benchmarks) public convenience init(configuration: HTTPFetchConfiguration = HTTPFetchConfiguration()) {
        self.init(configuration: configuration, now: { Date() })
    }

    /// A fetcher whose `Retry-After` seconds count from `now`, and whose address guards resolve host names
    /// with `resolver`.
    init(
        configuration: HTTPFetchConfiguration, now: @escaping @Sendable () -> Date,
        resolver: any HostResolver = SystemHostResolver()
    ) {
        self.configuration = configuration
        self.now = now
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(
                connect: TimeAmount(configuration.connectTimeout),
                read: TimeAmount(configuration.totalTimeout)),
            decompression: .enabled(limit: .size(configuration.maximumBytes))
        )
        // A refused connection is an answer, not something to retry until the connect timeout.
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
        guardedClients = GuardedClients(
            configuration: clientConfiguration, resolver: resolver,
            connectTimeout: configuration.connectTimeout * 0.8)
    }

    /// Closes every connection and releases the client; call it once, after the last fetch.
    @_spi(Benchmarks) public func shutdown() async {
        // Fails only when already shut down: nothing is left to release either way.
        try? await client.shutdown()
        await guardedClients.shutdown()
    }

    @_spi(Benchmarks) public func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        let timeout = configuration.totalTimeout
        let start = ContinuousClock.now
        let outcome = await withTaskGroup(of: Result<FetchResponse, FetchError>?.self) { group in
            group.addTask {
                do throws(FetchError) {
                    return .success(try await self.fetchFollowingRedirects(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do { try await Task.sleep(for: timeout) } catch { return nil }
                return .failure(.timeout(.total(seconds: timeout.seconds)))
            }
            var first: Result<FetchResponse, FetchError>?
            while let next = await group.next() {
                if let next {
                    first = next
                    break
                }
            }
            group.cancelAll()
            return first ?? .failure(.cancelled)
        }
        // The read timeout is the total one too: when both have passed, the one that fired first is a matter of
        // scheduling, and the whole fetch taking too long is what the user should hear.
        if case .failure(.timeout(.waitingForData)) = outcome, ContinuousClock.now - start >= timeout {
            throw .timeout(.total(seconds: timeout.seconds))
        }
        return try outcome.get()
    }
}
