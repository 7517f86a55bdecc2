import Foundation
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("HTTP fetching from servers that break the protocol", .timeLimit(.minutes(5)))
struct BrokenServerTests {
    /// Fetches from a raw server answering with `reply`, with a 1 MiB cap and a 300 ms timeout if the server
    /// hangs, else 30 s: a bound that an answer in milliseconds never meets, even while the whole suite keeps
    /// the machine busy.
    func fetch(_ reply: String, close: Bool = true) async throws -> Result<FetchResponse, FetchError> {
        let server = try await RawServer.start(Array(reply.utf8), close: close)
        var configuration = HTTPFetchConfiguration()
        configuration.maximumBytes = 1024 * 1024
        configuration.totalTimeout = close ? .seconds(30) : .milliseconds(300)
        let fetcher = HTTPFeedFetcher(configuration: configuration)
        let result: Result<FetchResponse, FetchError>
        do throws(FetchError) {
            result = .success(
                try await fetcher.fetch(FetchRequest(url: URL(string: "http://127.0.0.1:\(server.port)/feed")!)))
        } catch {
            result = .failure(error)
        }
        await fetcher.shutdown()
        await server.stop()
        return result
    }

    static let fetchFailures = [
        "",
        "this is not HTTP at all\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nnot a chunk\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!",
        "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 200_000) + "\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\nnope",
    ]

    @Test(arguments: fetchFailures.indices)
    func brokenResponsesAreFetchErrors(index: Int) async throws {
        let result = try await fetch(Self.fetchFailures[index])
        #expect(result.failure?.stage == .fetch, "\(result)")
    }

    @Test(arguments: [
        "", "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\n", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhal",
    ])
    func aServerThatStopsTalkingTimesOut(reply: String) async throws {
        let result = try await fetch(reply, close: false)
        #expect(result.failure?.stage == .timeout)
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    ])
    func aBodyCutShortSaysSo(reply: String) async throws {
        let result = try await fetch(reply)
        #expect(result.failure == .connection(.closedEarly))
    }

    @Test(arguments: ["br", "zstd", "gzip, br"])
    func aCompressionNotAskedForIsAFetchErrorThatNamesIt(encoding: String) async throws {
        let result = try await fetch(
            "HTTP/1.1 200 OK\r\nContent-Encoding: \(encoding)\r\nContent-Length: 4\r\n\r\n\u{1B}\u{2F}\u{0}x")
        #expect(result.failure == .connection(.unrequestedEncoding(encoding.contains("br") ? "br" : encoding)), "\(result)")
    }

    @Test func anUnknownContentEncodingLeavesTheBodyAsItCame() async throws {
        let result = try await fetch("HTTP/1.1 200 OK\r\nContent-Encoding: utf-8\r\nContent-Length: 6\r\n\r\n<rss/>")
        #expect(try result.get().fetchedFeed?.data == Data("<rss/>".utf8))
    }

    @Test func extraBytesAfterTheDeclaredLengthAreIgnored() async throws {
        let result = try await fetch("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello, and more")
        #expect(try result.get().fetchedFeed?.data == Data("hello".utf8))
    }

    @Test func anHTTP10BodyEndsWithTheConnection() async throws {
        let result = try await fetch("HTTP/1.0 200 OK\r\nContent-Type: application/rss+xml\r\n\r\n<rss/>")
        #expect(try result.get().fetchedFeed?.data == Data("<rss/>".utf8))
    }

    @Test func aNotModifiedNobodyAskedForIsAnError() async throws {
        let result = try await fetch("HTTP/1.1 304 Not Modified\r\n\r\n")
        #expect(result.failure?.httpStatus == 304)
    }

    @Test(arguments: [
        "HTTP/1.1 204 No Content\r\n\r\n", "HTTP/1.1 205 Reset Content\r\nContent-Length: 0\r\n\r\n",
    ])
    func aSuccessWithoutContentIsAnHTTPErrorNotAnEmptyFeed(reply: String) async throws {
        let result = try await fetch(reply)
        #expect(result.failure?.stage == .http)
        #expect([204, 205].contains(result.failure?.httpStatus), "\(result)")
    }

    @Test func aRedirectWithoutLocationIsARedirectFailure() async throws {
        let result = try await fetch("HTTP/1.1 301 Moved Permanently\r\nContent-Length: 0\r\n\r\n")
        #expect(result.failure == .redirect(.noLocation))
    }
}

@Suite("HTTP fetching: names, schemes and refusals", .timeLimit(.minutes(5)))
struct UnreachableServerTests {
    func fetch(_ url: String) async -> Result<FetchResponse, FetchError> {
        var configuration = HTTPFetchConfiguration()
        configuration.totalTimeout = .seconds(5)
        let fetcher = HTTPFeedFetcher(configuration: configuration)
        let result: Result<FetchResponse, FetchError>
        do throws(FetchError) {
            result = .success(try await fetcher.fetch(FetchRequest(url: URL(string: url)!)))
        } catch {
            result = .failure(error)
        }
        await fetcher.shutdown()
        return result
    }

    @Test func aRefusedConnectionSaysSo() async {
        let error = await fetch("http://127.0.0.1:1/feed").failure
        #expect(error == .connection(.refused))
    }

    @Test func anUnknownHostIsAFetchError() async {
        let error = await fetch("http://no-such-host.invalid/feed").failure
        #expect(error?.stage == .fetch || error?.stage == .timeout, "\(String(describing: error))")
    }

    @Test func httpsToAPlainServerFailsTheHandshake() async throws {
        let server = try await RawServer.start(
            Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi".utf8), close: true)
        let error = await fetch("https://127.0.0.1:\(server.port)/feed").failure
        await server.stop()
        #expect(error?.stage == .fetch, "\(String(describing: error))")
    }
}
