import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// The benchmark's feeds, served by a child process so that its CPU is not counted as the pool's: one
/// Hummingbird server per loopback address (127.0.0.1, 127.0.0.2, …), each answering `/feed/<n>` after the
/// latency, with an ETag of the feeds' current edition and a 304 to it. `POST /next` starts a new edition (every
/// feed gets one new item); `GET /stats` counts the answers (`200 304`) since the last `/next`.
enum PoolFeedServer {
    /// Serves until standard input closes, after printing `PORTS <port> <port> …` on one line.
    static func serve(_ options: PoolBenchOptions) async throws {
        let state = State()
        var logger = Logger(label: "pool-bench-server")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<(host: Int, port: Int)>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for host in 0..<options.hosts {
                let app = Application(
                    responder: CallbackResponder<BasicRequestContext> { request, _ in
                        try await respond(to: request, state: state, options: options)
                    },
                    configuration: ApplicationConfiguration(address: .hostname("127.0.0.\(host + 1)", port: options.port)),
                    onServerRunning: { channel in continuation.yield((host, channel.localAddress?.port ?? 0)) },
                    logger: logger)
                group.addTask { try await app.run() }
            }
            var found = Array(repeating: 0, count: options.hosts)
            var started = 0
            for await (host, port) in ports {
                found[host] = port
                started += 1
                if started == options.hosts { break }
            }
            FileHandle.standardOutput.write(Data(("PORTS " + found.map(String.init).joined(separator: " ") + "\n").utf8))
            group.addTask {
                while let line = readLine(), !line.isEmpty {}
                throw CancellationError()
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The edition and the answers counted since it began.
    final class State: Sendable {
        let counts = Mutex((edition: 1, ok: 0, notModified: 0))
    }

    static func respond(to request: Request, state: State, options: PoolBenchOptions) async throws -> Response {
        switch request.uri.path {
        case "/next":
            state.counts.withLock { $0 = (edition: $0.edition + 1, ok: 0, notModified: 0) }
            return Response(status: .noContent)
        case "/stats":
            let (_, ok, notModified) = state.counts.withLock { $0 }
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(ok) \(notModified)\n")))
        default:
            break
        }
        guard let number = request.uri.path.split(separator: "/").last.flatMap({ Int($0) }), (0..<options.feeds).contains(number)
        else { return Response(status: .notFound) }
        if options.latency > .zero { try await Task.sleep(for: options.latency) }
        let edition = state.counts.withLock { $0.edition }
        let etag = "\"feed-\(number)-\(edition)\""
        if request.headers[.ifNoneMatch] == etag {
            state.counts.withLock { $0.notModified += 1 }
            return Response(status: .notModified, headers: [.eTag: etag])
        }
        state.counts.withLock { $0.ok += 1 }
        return Response(
            status: .ok, headers: [.eTag: etag, .contentType: "application/rss+xml; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: feedXML(number: number, items: options.items, edition: edition))))
    }

    /// An RSS 2.0 feed: its newest `items` items, the last of them new in `edition`.
    static func feedXML(number: Int, items: Int, edition: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Feed \(number)</title><link>https://example.com/\(number)/</link>
            <description>Benchmark feed \(number)</description>

            """
        for item in (edition..<(edition + items)).reversed() {
            xml += """
                <item><guid isPermaLink="false">feed-\(number)-item-\(item)</guid><title>Item \(item) of feed \(number)</title>
                <link>https://example.com/\(number)/\(item)</link>
                <description>&lt;p&gt;Some text for item \(item), long enough to look like a summary of an article \
                that someone wrote about something interesting, with a few more words.&lt;/p&gt;</description></item>

                """
        }
        return xml + "</channel></rss>\n"
    }
}
