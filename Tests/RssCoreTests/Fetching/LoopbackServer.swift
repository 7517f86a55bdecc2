import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

@_spi(Benchmarks) @testable import RssCore

/// A Hummingbird server on 127.0.0.1 and a free port, answering with one closure, for the fetcher's tests.
final class LoopbackServer: Sendable {
    /// The port it listens on.
    let port: Int
    private let task: Task<Void, any Error>

    private init(port: Int, task: Task<Void, any Error>) {
        self.port = port
        self.task = task
    }

    /// `http://127.0.0.1:port` + `path`.
    func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Starts a server answering every request with `respond`; returns once it listens.
    static func start(_ respond: @escaping @Sendable (Request) async throws -> Response) async throws -> LoopbackServer
    {
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "loopback")
        logger.logLevel = .critical
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in try await respond(request) },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        let task = Task { try await app.run() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw CancellationError()
        }
        return LoopbackServer(port: port, task: task)
    }

    /// Stops listening and closes its connections.
    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Runs `body` with a started server and an HTTP fetcher configured by `configure`, and always stops and shuts
/// both down.
func withServerAndFetcher<T>(
    configure: (inout HTTPFetchConfiguration) -> Void = { _ in },
    respond: @escaping @Sendable (Request) async throws -> Response,
    _ body: (LoopbackServer, HTTPFeedFetcher) async throws -> T
) async throws -> T {
    let server = try await LoopbackServer.start(respond)
    var configuration = HTTPFetchConfiguration()
    // Bounds, not expectations: generous so that a busy machine running the whole suite never meets them.
    // Tests of timeouts set short ones.
    configuration.totalTimeout = .seconds(30)
    configuration.connectTimeout = .seconds(10)
    configure(&configuration)
    let fetcher = HTTPFeedFetcher(configuration: configuration)
    do {
        let result = try await body(server, fetcher)
        await fetcher.shutdown()
        await server.stop()
        return result
    } catch {
        await fetcher.shutdown()
        await server.stop()
        throw error
    }
}

/// Shared counters a handler updates and a test reads.
final class ServerLog: Sendable {
    private struct State {
        var requests: [HTTPFields] = []
        var paths: [String] = []
        var inFlight = 0
        var maxInFlight = 0
        var chunksSent = 0
        var clientGone = false
    }
    private let state = Mutex(State())

    func record(_ request: Request) {
        state.withLock {
            $0.requests.append(request.headers)
            $0.paths.append(request.uri.path)
        }
    }
    var requests: [HTTPFields] { state.withLock { $0.requests } }
    var paths: [String] { state.withLock { $0.paths } }

    func enter() {
        state.withLock {
            $0.inFlight += 1
            $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
        }
    }
    func leave() { state.withLock { $0.inFlight -= 1 } }
    var maxInFlight: Int { state.withLock { $0.maxInFlight } }

    func sentChunk() { state.withLock { $0.chunksSent += 1 } }
    var chunksSent: Int { state.withLock { $0.chunksSent } }
    func markClientGone() { state.withLock { $0.clientGone = true } }
    var clientGone: Bool { state.withLock { $0.clientGone } }
}

extension HTTPField.Name {
    static let retryAfter = HTTPField.Name("Retry-After")!
}

/// A small valid RSS 2.0 feed.
let sampleFeed = Array(
    """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title>\
    <item><guid>1</guid><title>One</title></item></channel></rss>
    """.utf8)

extension Response {
    /// A 200 with `bytes` and `headers`.
    static func ok(_ bytes: [UInt8], _ headers: HTTPFields = [:]) -> Response {
        var headers = headers
        if headers[.contentType] == nil { headers[.contentType] = "application/rss+xml" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A redirect with `status` to `location`.
    static func redirect(_ status: HTTPResponse.Status, to location: String) -> Response {
        Response(status: status, headers: [.location: location])
    }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass.
func eventually(within seconds: Double = 30, _ condition: () -> Bool) async -> Bool {
    let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
