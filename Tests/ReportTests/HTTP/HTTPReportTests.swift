import Foundation
import LoopbackServers
import Testing

/// End-to-end runs against a loopback HTTP server: conditional requests, failures among good feeds, the
/// server's `Retry-After`, and a signal in the middle of a slow fetch.
@Suite(.timeLimit(.minutes(5)))
struct HTTPReportTests {
    static let feed = Data(
        ReportProcess.rss(
            title: "Loopback",
            items: [
                ("First", "https://example.org/1", "Mon, 01 Dec 2025 10:00:00 GMT"),
                ("Second", "https://example.org/2", "Mon, 01 Dec 2025 11:00:00 GMT"),
            ]
        ).utf8)

    /// `/good.rss` with an ETag (304 when it comes back), `/missing.rss` 404, `/busy.rss` 429 with
    /// Retry-After, `/slow.rss` answering after 30 s.
    static func route(_ request: LoopbackFeedServer.Request) -> LoopbackFeedServer.Response {
        switch request.path {
        case "/good.rss":
            if request.headers["if-none-match"] == "\"v1\"" { return .init(status: 304, headers: ["ETag": "\"v1\""]) }
            return .init(status: 200, headers: ["ETag": "\"v1\"", "Content-Type": "application/rss+xml"], body: feed)
        case "/busy.rss": return .init(status: 429, headers: ["Retry-After": "3600"])
        case "/slow.rss": return .init(status: 200, body: feed, delay: 30)
        default: return .init(status: 404)
        }
    }

    @Test func secondRunAsksConditionallyAndGetsNotModified() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        let first = try await report.run(["--url", server.url("good.rss")])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines == ["OK   Loopback (2 new)"])
        #expect(first.stdoutLines.filter { $0.hasPrefix("N ") }.count == 2)
        let second = try await report.run(["--refresh", "--force"])
        #expect(second.status == 0)
        #expect(second.stderrLines == ["304  Loopback"])
        #expect(server.seen.last?.headers["if-none-match"] == "\"v1\"")
        #expect(!second.stdoutLines.contains { $0.hasPrefix("N ") })
    }

    @Test func failuresAmongGoodFeedsGiveOneAndAllFailedGiveTwo() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        let mixed = try await report.run(["--url", server.url("good.rss"), server.url("missing.rss"), server.url("busy.rss")])
        #expect(mixed.status == 1, "\(mixed.stderr)")
        #expect(mixed.stderrLines.contains("OK   Loopback (2 new)"))
        // Untitled sources are named by their address: two failing feeds of one host read apart.
        #expect(mixed.stderrLines.contains { $0.hasPrefix("FAIL \(server.url("missing.rss")) (HTTP 404") })
        #expect(mixed.stderrLines.contains { $0.hasPrefix("FAIL \(server.url("busy.rss")) (HTTP 429") })
        let failing = try await report.run(["--source", server.url("missing.rss"), "--refresh", "--force"])
        #expect(failing.status == 2, "\(failing.stderr)")
        let waiting = try await report.run(["--source", server.url("busy.rss"), "--refresh"])
        #expect(
            waiting.stderrLines.count == 1 && waiting.stderrLines[0].hasPrefix("SKIP \(server.url("busy.rss")) ("),
            "\(waiting.stderr)")
    }

    /// A new address that redirects for good is followed at the address it leads to (discovery looked at it).
    /// A feed followed already that starts redirecting keeps its address until the second fetch in a row is
    /// redirected: that run's status line says the move, and its report covers the feed by its new address.
    /// The old address in a later run (a crontab does not change) leads to the feed followed already: it is not
    /// added twice.
    @Test func aFeedThatMovesIsTakenOnTheSecondFetchAndStaysInItsReport() async throws {
        let moved = MovedFlag()
        let server = try LoopbackFeedServer { request in
            guard request.path == "/old.rss" else { return Self.route(request) }
            return moved.isSet ? .init(status: 301, headers: ["Location": "/good.rss"]) : .init(status: 200, body: Self.feed)
        }
        let report = try ReportProcess()
        let first = try await report.run(["--url", server.url("old.rss"), "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines == ["OK   Loopback (2 new)"])
        var document = try JSON.object(first.stdout)
        #expect((document["sources"] as? [[String: Any]])?.map { $0["url"] as? String } == [server.url("old.rss")])

        moved.set()
        let second = try await report.run(["--refresh", "--force", "--format", "json"])
        #expect(second.stderrLines.count == 1 && !second.stderr.contains("moved"), "\(second.stderr)")
        document = try JSON.object(second.stdout)
        #expect((document["sources"] as? [[String: Any]])?.map { $0["url"] as? String } == [server.url("old.rss")])

        let third = try await report.run(["--refresh", "--force", "--format", "json"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(
            third.stderrLines.count == 1 && third.stderrLines[0].hasSuffix("; moved for good to \(server.url("good.rss"))"),
            "\(third.stderr)")
        document = try JSON.object(third.stdout)
        #expect((document["sources"] as? [[String: Any]])?.map { $0["url"] as? String } == [server.url("good.rss")])
        #expect(try JSON.articles(document).count == 2)

        let fourth = try await report.run(["--url", server.url("old.rss"), "--format", "json"])
        #expect(fourth.status == 0, "\(fourth.stderr)")
        document = try JSON.object(fourth.stdout)
        #expect((document["sources"] as? [[String: Any]])?.map { $0["url"] as? String } == [server.url("good.rss")])
    }

    @Test func sigtermDuringASlowFetchStopsCleanly() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        _ = try await report.run(["--url", server.url("good.rss"), "--quiet"])
        let running = try report.start(["--url", server.url("slow.rss"), "--refresh", "--mark-read"])
        _ = try await poll("the slow fetch under way", timeout: .seconds(30)) {
            server.seen.contains { $0.path == "/slow.rss" } ? true : nil
        }
        kill(running.process.processIdentifier, SIGTERM)
        let started = Date()
        let result = await running.finish()
        #expect(result.status == 143, "\(result.stderr)")
        // Well before the 30 s the server takes to answer: the signal ended the fetch, it did not wait for it.
        // (Stopping takes well under a second on a quiet machine; a parallel test run on two cores made it 6.)
        #expect(Date().timeIntervalSince(started) < 20)
        let after = try await report.run(["--unread", "--source", "Loopback", "--format", "json"])
        #expect(after.status == 0)
        #expect(try JSON.articles(try JSON.object(after.stdout)).count == 2)
    }
}

/// Whether the test server's old address has started to redirect, set by the test, read by the server's threads.
private final class MovedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }

    func set() { lock.withLock { value = true } }
}
