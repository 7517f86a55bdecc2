import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The benchmark's server side, run in a child process so that its CPU time is not counted as ours: one
/// Hummingbird server per loopback address (127.0.0.1, 127.0.0.2, …), each serving `/feed/<n>` with an ETag.
enum FeedServer {
    /// Serves until standard input closes, after printing `PORTS <port> <port> …` on one line.
    static func serve(_ options: BenchOptions) async throws {
        let bodies = (0..<options.feeds).map { ByteBuffer(string: feedXML(number: $0, items: options.items)) }
        var logger = Logger(label: "fetch-bench-server")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<(host: Int, port: Int)>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for host in 0..<options.hosts {
                let app = Application(
                    responder: CallbackResponder<BasicRequestContext> { request, _ in
                        try await respond(to: request, bodies: bodies, options: options)
                    },
                    configuration: ApplicationConfiguration(address: .hostname("127.0.0.\(host + 1)", port: 0)),
                    onServerRunning: { channel in continuation.yield((host, channel.localAddress?.port ?? 0)) },
                    logger: logger
                )
                group.addTask { try await app.run() }
            }
            var found = Array(repeating: 0, count: options.hosts)
            var started = 0
            for await (host, port) in ports {
                found[host] = port
                started += 1
                if started == options.hosts { break }
            }
            FileHandle.standardOutput.write(
                Data(("PORTS " + found.map(String.init).joined(separator: " ") + "\n").utf8))
            // The parent closes our standard input when it is done (or dies).
            group.addTask {
                while let line = readLine(), !line.isEmpty {}
                throw CancellationError()
            }
            try await group.next()
            group.cancelAll()
        }
    }

    static func respond(to request: Request, bodies: [ByteBuffer], options: BenchOptions) async throws -> Response {
        guard let number = request.uri.path.split(separator: "/").last.flatMap({ Int($0) }),
            bodies.indices.contains(number)
        else { return Response(status: .notFound) }
        let etag = "\"feed-\(number)-v1\""
        if request.headers[.ifNoneMatch] == etag {
            if options.latency304 > .zero { try await Task.sleep(for: options.latency304) }
            return Response(status: .notModified, headers: [.eTag: etag])
        }
        if options.latency > .zero { try await Task.sleep(for: options.latency) }
        return Response(
            status: .ok,
            headers: [
                .eTag: etag, .contentType: "application/rss+xml; charset=utf-8",
                .lastModified: "Sun, 15 Jun 2025 15:06:40 GMT",
            ],
            body: ResponseBody(byteBuffer: bodies[number]))
    }

    /// An RSS 2.0 feed with `items` items of a few hundred bytes each.
    static func feedXML(number: Int, items: Int) -> String {
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <rss version="2.0"><channel><title>Feed \(number)</title><link>https://example.com/\(number)/</link>
            <description>Benchmark feed \(number)</description>

            """
        for item in 0..<items {
            xml += """
                <item><guid isPermaLink="false">feed-\(number)-item-\(item)</guid><title>Item \(item) of feed \(number)</title>
                <link>https://example.com/\(number)/\(item)</link><pubDate>Sun, 15 Jun 2025 15:\(item % 60):00 GMT</pubDate>
                <description>&lt;p&gt;Some text for item \(item), long enough to look like a summary of an article \
                that someone wrote about something interesting.&lt;/p&gt;</description></item>

                """
        }
        return xml + "</channel></rss>\n"
    }
}
