import Foundation
import NIOCore
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("HTTP fetching over keep-alive connections the server drops", .timeLimit(.minutes(5)))
struct LostConnectionTests {
    /// The server answers the first request of each connection without `Connection: close`, and drops the
    /// connection when the client reuses it: every fetch after the first goes out on a connection that is
    /// already gone, and must be sent again on a new one rather than fail a good feed.
    @Test(arguments: [RawServer.LaterRequest.close, .reset])
    func aDroppedKeepAliveConnectionIsTriedAgain(later: RawServer.LaterRequest) async throws {
        let body = "<rss version=\"2.0\"><channel><title>Kept</title></channel></rss>"
        let reply = "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        let server = try await RawServer.start(Array(reply.utf8), close: false, later: later)
        var configuration = HTTPFetchConfiguration()
        configuration.totalTimeout = .seconds(10)
        let fetcher = HTTPFeedFetcher(configuration: configuration)
        var results: [Result<FetchResponse, FetchError>] = []
        for _ in 0..<4 {
            do throws(FetchError) {
                results.append(
                    .success(
                        try await fetcher.fetch(FetchRequest(url: URL(string: "http://127.0.0.1:\(server.port)/feed")!))
                    ))
            } catch {
                results.append(.failure(error))
            }
        }
        await fetcher.shutdown()
        await server.stop()
        for result in results {
            #expect(try result.get().fetchedFeed?.data == Data(body.utf8), "\(result)")
        }
    }

    @Test func onlyLostConnectionsAreTriedAgain() {
        #expect(HTTPFeedFetcher.isLostConnection(IOError(errnoCode: ECONNRESET, reason: "read")))
        #expect(!HTTPFeedFetcher.isLostConnection(IOError(errnoCode: ECONNREFUSED, reason: "connect")))
        #expect(!HTTPFeedFetcher.isLostConnection(CancellationError()))
    }
}
