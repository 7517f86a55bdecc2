import Foundation
import GRDB
import Testing

/// A report larger than what it keeps in memory: written whole and in order, or, when the database fails
/// half-way (a damaged page) or its temporary file cannot be made, not at all: nothing on standard output, the
/// error on standard error.
@Suite(.timeLimit(.minutes(5)))
struct LargeReportTests {
    static let articles = 3_000

    /// A database holding one feed of ``articles`` articles with long titles, a minute apart, newest first
    /// in the feed (so the newest are stored first, in the first pages of the article table).
    static func largeDatabase() async throws -> ReportProcess {
        let report = try ReportProcess()
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let newest = Date(timeIntervalSince1970: 1_764_590_400)  // 2025-12-01 12:00 UTC
        let items = (0..<articles).map { index in
            (
                "Article \(index): " + String(repeating: "a long title that fills the line ", count: 4),
                "https://example.org/large/\(index)", formatter.string(from: newest.addingTimeInterval(-60 * Double(index)))
            )
        }
        let feed = try report.feed("large.rss", ReportProcess.rss(title: "Large", items: items))
        let first = try await report.run(["--url", feed.path, "--limit", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        return report
    }

    @Test func aReportLargerThanItsBufferIsWholeAndInOrder() async throws {
        let report = try await Self.largeDatabase()
        let json = try await report.run(["--format", "json"])
        #expect(json.status == 0)
        #expect(json.stdout.utf8.count > 1 << 20, "the report should not fit the spool's memory")
        let articles = try JSON.articles(try JSON.object(json.stdout))
        #expect(articles.count == Self.articles)
        #expect(articles.compactMap { $0["link"] as? String } == (0..<Self.articles).map { "https://example.org/large/\($0)" })
        let plain = try await report.run([])
        #expect(plain.stdoutLines.first == "rss-report 2026-01-01 12:00 +0000: 1 source, 3000 articles, 0 new, 3000 unread")
        #expect(plain.stdoutLines.filter { $0.hasPrefix("  2025-") }.count == Self.articles)
    }

    @Test func aPageDamagedHalfWayWritesNothing() async throws {
        let report = try await Self.largeDatabase()
        try Self.damageTheMiddleOfTheArticleTable(report.database)
        for format in ["plain", "json", "tsv"] {
            let result = try await report.run(["--format", format])
            #expect(result.status == 70, "\(format): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(format): \(result.stdout.prefix(300))")
            #expect(result.stderrLines.last == "rss-report: error: cannot read articles: the database is damaged")
        }
    }

    @Test func aTemporaryFileThatCannotBeMadeWritesNothing() async throws {
        let report = try await Self.largeDatabase()
        let missing = report.directory.appendingPathComponent("no/such/folder").path
        let result = try await report.run(["--format", "json"], environment: ["TMPDIR": missing])
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderrLines.last
                == "rss-report: error: cannot write the report's temporary file in \(missing): no such directory")
    }

    /// Fills a leaf page of the article table halfway through it with bytes that are no page: the rows the
    /// report reads first (the newest, in the first pages), the indexes and the schema stay sound.
    static func damageTheMiddleOfTheArticleTable(_ path: String) throws {
        let (pageSize, pages) = try DatabaseQueue(path: path).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4_096,
                try Int.fetchAll(
                    db, sql: "SELECT pageno FROM dbstat WHERE name = 'article' AND pagetype = 'leaf' ORDER BY pageno")
            )
        }
        try #require(pages.count > 10, "the article table should span many pages")
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64((pages[pages.count / 2] - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: pageSize))
        try handle.close()
    }
}
