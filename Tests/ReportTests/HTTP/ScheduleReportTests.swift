import Foundation
import LoopbackServers
import Testing

/// `rss-report --refresh` goes by each source's schedule: a source fetched within its interval and a failing
/// one backing off are skipped with a status line saying until when; `--force` fetches them but never a
/// disabled one; a feed gone for good (410) is disabled; JSON says when each source is due and why.
@Suite(.timeLimit(.minutes(5)))
struct ScheduleReportTests {
    static let feed = HTTPReportTests.feed

    static func route(_ request: LoopbackFeedServer.Request) -> LoopbackFeedServer.Response {
        switch request.path {
        case "/good.rss":
            return .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: feed)
        case "/cached.rss":
            return .init(status: 200, headers: ["Cache-Control": "max-age=10800"], body: feed)
        case "/gone.rss": return .init(status: 410)
        default: return .init(status: 404)
        }
    }

    @Test func refreshSkipsWhatIsNotDueOrBackingOffAndForceFetchesIt() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        let first = try await report.run(["--url", server.url("good.rss"), server.url("missing.rss")])
        #expect(first.status == 1, "\(first.stderr)")
        // The missing feed's site was also looked at for its usual feed addresses (discovery).
        let asked = server.seen.count


        let second = try await report.run(["--refresh"])
        #expect(second.status == 0, "skipping is not failing: \(second.stderr)")
        #expect(second.stderrLines.count == 2, "\(second.stderr)")
        #expect(second.stderrLines.contains { $0.hasPrefix("SKIP Loopback (not due until ") && $0.hasSuffix(" +0000)") })
        #expect(second.stderrLines.contains { $0.hasPrefix("SKIP \(server.url("missing.rss")) (backing off until ") })
        #expect(server.seen.count == asked, "nothing asked of the server")
        let quiet = try await report.run(["--refresh", "--quiet"])
        #expect(quiet.stderr.isEmpty && quiet.status == 0)

        let forced = try await report.run(["--refresh", "--force"])
        #expect(forced.status == 1, "\(forced.stderr)")
        #expect(forced.stderrLines.sorted() == [
            "FAIL \(server.url("missing.rss")) (HTTP 404: not found)", "OK   Loopback",
        ])
        #expect(server.seen.count == asked + 2)
    }

    @Test func jsonSaysWhenEachSourceIsDueAndWhy() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        _ = try await report.run(["--url", server.url("good.rss"), server.url("cached.rss"), server.url("missing.rss")])
        let result = try await report.run(["--format", "json"])
        let sources = try #require(try JSON.object(result.stdout)["sources"] as? [[String: Any]])
        let byURL = Dictionary(uniqueKeysWithValues: sources.map { ($0["url"] as? String ?? "", $0) })
        let good = try #require(byURL[server.url("good.rss")])
        #expect(good["interval"] as? Int == 3_600 && good["intervalReason"] as? String == "user")
        #expect(good["nextDueReason"] as? String == "user" && good["failures"] as? Int == 0)
        #expect(good["nextDue"] is String && good["lastFetch"] is String)
        let cached = try #require(byURL[server.url("cached.rss")])
        #expect(cached["interval"] as? Int == 10_800 && cached["nextDueReason"] as? String == "server")
        let missing = try #require(byURL[server.url("missing.rss")])
        #expect(missing["nextDueReason"] as? String == "backoff" && missing["failures"] as? Int == 1)
        #expect(missing["lastError"] as? String == "HTTP 404: not found")
    }

    @Test func aFeedGoneForGoodIsDisabledAndForceLeavesItAlone() async throws {
        let server = try LoopbackFeedServer(route: Self.route)
        let report = try ReportProcess()
        let first = try await report.run(["--url", server.url("gone.rss"), server.url("good.rss")])
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stderrLines.contains("FAIL \(server.url("gone.rss")) (HTTP 410: gone; disabled)"), "\(first.stderr)")
        let forced = try await report.run(["--refresh", "--force"])
        #expect(forced.stderrLines.contains("SKIP \(server.url("gone.rss")) (disabled: gone)"), "\(forced.stderr)")
        #expect(server.seen.filter { $0.path == "/gone.rss" }.count == 1, "a disabled source is never fetched")
        let json = try JSON.object(try await report.run(["--format", "json"]).stdout)
        let gone = try #require((json["sources"] as? [[String: Any]])?.first { $0["url"] as? String == server.url("gone.rss") })
        #expect(gone["enabled"] as? Bool == false && gone["nextDueReason"] as? String == "disabled")
        #expect(gone["nextDue"] is NSNull)
    }

    @Test func forceGoesWithRefresh() async throws {
        let report = try ReportProcess()
        let result = try await report.run(["--force"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--force goes with --refresh"))
    }
}
