import Foundation
import GRDB
import Testing

/// Articles sharing one date, many pages of them: every format lists each once, in the order of their numbers
/// (the order they were stored in), newest first the last stored first.
@Suite(.timeLimit(.minutes(5)))
struct SameDateReportTests {
    static let feeds = 3
    static let itemsPerFeed = 700

    @Test func articlesOfOneDateComeOnceInTheOrderTheyWereStored() async throws {
        let report = try ReportProcess()
        let date = "Mon, 01 Dec 2025 10:00:00 GMT"
        let urls = try (0..<Self.feeds).map { feed in
            try report.feed(
                "same-\(feed).rss",
                ReportProcess.rss(
                    title: "Same \(feed)",
                    items: (0..<Self.itemsPerFeed).map { ("Article \($0)", "https://example.org/same/\(feed)/\($0)", date) }))
        }
        let first = try await report.run(urls.flatMap { ["--url", $0.path] } + ["--limit", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let stored = try await DatabaseQueue(path: report.database).read { db in
            try String.fetchAll(db, sql: "SELECT link FROM article ORDER BY rowid")
        }
        #expect(stored.count == Self.feeds * Self.itemsPerFeed)

        let tsv = try await report.run(["--format", "tsv"])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        let links = tsv.stdoutLines.filter { !$0.isEmpty }.map {
            String($0.split(separator: "\t", omittingEmptySubsequences: false)[2])
        }
        #expect(links == stored.reversed())

        let json = try await report.run(["--format", "json", "--oldest-first"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(try JSON.articles(try JSON.object(json.stdout)).compactMap { $0["link"] as? String } == stored)

        let plain = try await report.run([])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdoutLines.filter { $0.hasPrefix("  2025-12-01 ") }.count == stored.count)
    }
}
