import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("HTTP fetching: encodings, limits, broken servers and cancellation", .timeLimit(.minutes(5)))
struct HTTPFeedFetcherLimitTests {
    /// Fetches `/x` with a 1 MiB cap (and a total timeout of 300 ms if `quickTimeout`, else 5 s) from a server
    /// answering with `respond`.
    func fetch(
        quickTimeout: Bool = false,
        _ respond: @escaping @Sendable (Request) async throws -> Response
    ) async throws -> Result<FetchResponse, FetchError> {
        try await withServerAndFetcher(
            configure: { configuration in
                configuration.maximumBytes = 1024 * 1024
                if quickTimeout { configuration.totalTimeout = .milliseconds(300) }
            },
            respond: respond
        ) { server, fetcher in
            do throws(FetchError) {
                return .success(try await fetcher.fetch(FetchRequest(url: server.url("/x"))))
            } catch {
                return .failure(error)
            }
        }
    }

    @Test(arguments: ["gzip", "deflate"])
    func compressedBodiesArriveDecompressed(encoding: String) async throws {
        let body = Array(repeating: sampleFeed, count: 50).flatMap { $0 }
        let encoded = encoding == "deflate" ? TestDeflate.zlib(body) : TestDeflate.gzip(body)
        let result = try await fetch { _ in .ok(encoded, [.contentEncoding: encoding]) }
        #expect(try result.get().fetchedFeed?.data == Data(body))
    }

    @Test func aResponseSlowerThanTheTimeoutTimesOut() async throws {
        let result = try await fetch(quickTimeout: true) { _ in
            try await Task.sleep(for: .milliseconds(1500))
            return .ok(sampleFeed)
        }
        #expect(result.failure?.stage == .timeout)
    }

    @Test func aBodyThatTricklesPastTheTotalTimeoutTimesOut() async throws {
        let result = try await fetch(quickTimeout: true) { _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    for _ in 0..<100 {
                        try await writer.write(ByteBuffer(string: "<"))
                        try await Task.sleep(for: .milliseconds(50))
                    }
                    try await writer.finish(nil)
                })
        }
        #expect(result.failure?.stage == .timeout)
        // Not "stopped answering": it never stopped, it never finished.
        #expect(result.failure == .timeout(.total(seconds: 0.3)), "\(result)")
    }

    @Test func anEndlessBodyStopsAtTheCap() async throws {
        let log = ServerLog()
        let result = try await fetch { _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    let chunk = ByteBuffer(repeating: UInt8(ascii: "x"), count: 64 * 1024)
                    do {
                        // 16 MiB at most, so a broken client cannot keep the test running.
                        for _ in 0..<256 {
                            try await writer.write(chunk)
                            log.sentChunk()
                        }
                    } catch {
                        log.markClientGone()
                        throw error
                    }
                    try await writer.finish(nil)
                })
        }
        // Hummingbird buffers what it writes, so the server's count says little; the cap is the client's.
        #expect(result.failure?.stage == .tooLarge)
    }

    @Test func aDeclaredLengthPastTheCapIsRefusedBeforeReading() async throws {
        let big = [UInt8](repeating: 0x20, count: 2 * 1024 * 1024)
        let result = try await fetch { _ in .ok(big) }
        #expect(result.failure?.stage == .tooLarge)
    }

    @Test func aGzipBombStopsAtTheCapOfTheDecompressedSize() async throws {
        let bomb = TestDeflate.gzipBomb(zeros: 64 * 1024 * 1024)
        #expect(bomb.count < 1024 * 1024)  // under the cap while compressed
        let result = try await fetch { _ in .ok(bomb, [.contentEncoding: "gzip"]) }
        #expect(result.failure?.stage == .tooLarge)
    }

    @Test func aCorruptCompressedBodyIsAFetchError() async throws {
        let result = try await fetch { _ in .ok(Array("not gzip at all".utf8), [.contentEncoding: "gzip"]) }
        #expect(result.failure?.stage == .fetch)
    }

    @Test(arguments: ["text/html; charset=utf-8", "application/octet-stream", "image/png"])
    func aBodyThatIsNotAFeedPassesThroughAsBytes(contentType: String) async throws {
        let html = Array("<!doctype html><html><body><p>Not a feed</body></html>".utf8)
        let result = try await fetch { _ in .ok(html, [.contentType: contentType]) }
        let feed = try #require(try result.get().fetchedFeed)
        #expect(feed.data == Data(html))
        #expect(feed.contentType == contentType)
    }

    @Test func aConnectionClosedMidBodyIsAFetchError() async throws {
        let result = try await fetch { _ in
            Response(
                status: .ok, headers: [.contentLength: "100000"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(repeating: 0x41, count: 1000))
                    throw CancellationError()
                })
        }
        #expect(result.failure?.stage == .fetch)
    }

    @Test func aRefusedConnectionIsAFetchErrorAtOnce() async throws {
        let fetcher = HTTPFeedFetcher()
        do throws(FetchError) {
            _ = try await fetcher.fetch(FetchRequest(url: URL(string: "http://127.0.0.1:1/feed")!))
            Issue.record("port 1 answered")
        } catch {
            #expect(error.stage == .fetch)  // not .timeout: a refusal is reported as such, without waiting
        }
        await fetcher.shutdown()
    }

    @Test func cancellingMidDownloadAbortsTheRequestAndReturnsNothing() async throws {
        let log = ServerLog()
        try await withServerAndFetcher(respond: { _ in
            Response(
                status: .ok,
                body: ResponseBody { writer in
                    do {
                        for _ in 0..<500 {
                            try await writer.write(ByteBuffer(repeating: 0x41, count: 1024))
                            log.sentChunk()
                            try await Task.sleep(for: .milliseconds(10))
                        }
                    } catch {
                        log.markClientGone()
                        throw error
                    }
                    try await writer.finish(nil)
                })
        }) { server, fetcher in
            let task = Task { () async throws(FetchError) -> FetchResponse in
                try await fetcher.fetch(FetchRequest(url: server.url("/drip")))
            }
            #expect(await eventually { log.chunksSent >= 3 })
            task.cancel()
            // The drip would go on for the whole timeout; an answer now can only come from the cancellation.
            let result = await task.result
            #expect(result.failure as? FetchError == FetchError.cancelled)
            #expect(await eventually { log.clientGone })
        }
    }
}
