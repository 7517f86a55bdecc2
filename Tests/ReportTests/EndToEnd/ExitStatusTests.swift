import Foundation
import Testing

/// Every documented exit status, with broken feeds among good ones, bad flags and unreadable paths.
@Suite(.timeLimit(.minutes(5)))
struct ExitStatusTests {
    @Test func someFailedGivesOneAndReportsTheGoodOnes() async throws {
        let report = try ReportProcess()
        let good = try report.feed(
            "good.rss",
            ReportProcess.rss(
                title: "Good", items: [("First", "https://example.org/1", "Mon, 01 Dec 2025 10:00:00 GMT")]))
        let broken = try report.feed("broken.rss", "this is not a feed at all")
        let missing = report.directory.appendingPathComponent("missing.rss")
        let result = try await report.run(["--url", good.path, broken.path, missing.path])
        #expect(result.status == 1)
        let lines = result.stderrLines.sorted()
        #expect(lines.count == 3)
        #expect(lines.contains("OK   Good (1 new)"))
        #expect(lines.contains { $0.hasPrefix("FAIL broken (PARSE") }, "\(lines)")
        #expect(lines.contains("FAIL missing (FETCH: no such file)"), "\(lines)")
        #expect(result.stdout.contains("N 2025-12-01 10:00  Good             First"))
        let json = try JSON.object(try await report.run(["--format", "json"]).stdout)
        let sources = try #require(json["sources"] as? [[String: Any]])
        #expect(sources.count == 3)
        #expect(sources.allSatisfy { $0["status"] is NSNull })
        #expect(sources.filter { ($0["lastError"] as? String)?.isEmpty == false }.count == 2)
        #expect(sources.filter { $0["lastSuccess"] is String }.count == 1)
        let quiet = try await report.run(["--refresh", "--force", "--quiet"])
        #expect(quiet.status == 1)
        #expect(quiet.stderrLines.count == 2 && quiet.stderrLines.allSatisfy { $0.hasPrefix("FAIL ") })
    }

    @Test func allFailedGivesTwo() async throws {
        let report = try ReportProcess()
        let broken = try report.feed("broken.xml", "{ not json, not xml }")
        let missing = report.directory.appendingPathComponent("gone.rss")
        let result = try await report.run(["--url", broken.path, missing.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderrLines.allSatisfy { $0.hasPrefix("FAIL ") })
    }

    @Test(arguments: [
        ["--bogus"], ["--limit", "0"], ["--limit", "many"], ["--since", "yesterday-ish"], ["--format", "xml"],
        ["--url", "ftp://example.org/feed"], ["--url", "mailto:someone"], ["--source", "No Such Source"],
    ])
    func badUsageGivesSixtyFour(arguments: [String]) async throws {
        let report = try ReportProcess()
        let result = try await report.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty && !result.stderr.contains("Fatal error"))
    }

    @Test func unreadableInputsGiveSixtySix() async throws {
        let report = try ReportProcess()
        let missingOPML = try await report.run(["--opml", report.directory.appendingPathComponent("none.opml").path])
        #expect(missingOPML.status == 66)
        #expect(
            missingOPML.stderrLines == [
                "rss-report: error: cannot import \(report.directory.path)/none.opml: no such file"
            ])
        let notOPML = try report.feed("feeds.opml", "plain words, not OPML")
        let badOPML = try await report.run(["--opml", notOPML.path])
        #expect(badOPML.status == 66)
        #expect(badOPML.stderrLines.count == 1 && badOPML.stderrLines[0].hasPrefix("rss-report: error: cannot import"))
        let garbage = try report.feed("garbage.sqlite", String(repeating: "not a database ", count: 400))
        let garbageDatabase = try await report.run(["--db", garbage.path], plain: true)
        #expect(garbageDatabase.status == 66)
        #expect(
            garbageDatabase.stderrLines == [
                "rss-report: error: cannot open the database \(garbage.path): the file is not a database"
            ])
        let directoryAsDatabase = try await report.run(["--db", report.directory.path], plain: true)
        #expect(directoryAsDatabase.status == 66)
        #expect(directoryAsDatabase.stderrLines.count == 1)
        #expect(directoryAsDatabase.stderrLines[0].hasPrefix("rss-report: error: cannot open the database"))
        // A program is not an OPML file; a device is not a database (and gets no journal beside it).
        let binary = try await report.run(["--opml", "/bin/ls"])
        #expect(binary.status == 66)
        #expect(binary.stderrLines.count == 1 && binary.stderrLines[0].hasPrefix("rss-report: error: cannot import /bin/ls: not an OPML"), "\(binary.stderrLines)")
        let device = try await report.run(["--db", "/dev/null"], plain: true)
        #expect(device.status == 66)
        #expect(device.stderrLines == ["rss-report: error: cannot open the database /dev/null: not a regular file"])
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        let empty = try await report.run(["--db", ""], plain: true)
        #expect(empty.status == 64)
    }

    @Test func opmlSourcesAreAddedAndReported() async throws {
        let report = try ReportProcess()
        let outlines = ReportProcess.samples.prefix(2).map {
            "<outline text=\"x\" type=\"rss\" xmlUrl=\"\($0.absoluteString)\"/>"
        }
        let opml = try report.feed(
            "feeds.opml", "<?xml version=\"1.0\"?><opml version=\"2.0\"><head/><body>\(outlines.joined())</body></opml>"
        )
        let first = try await report.run(["--opml", opml.path, "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines.count == 2)
        let document = try JSON.object(first.stdout)
        #expect((document["sources"] as? [Any])?.count == 2)
        #expect(try JSON.articles(document).count == 78)
        let second = try await report.run(["--opml", opml.path, "--refresh", "--force", "--format", "json"])
        #expect(second.stderrLines.allSatisfy { $0.hasPrefix("304  ") } && second.stderrLines.count == 2)
        #expect(try JSON.articles(try JSON.object(second.stdout)).allSatisfy { $0["new"] as? Bool == false })
    }
}
