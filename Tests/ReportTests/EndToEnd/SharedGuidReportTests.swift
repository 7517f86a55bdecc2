import Foundation
import GRDB
import Testing

/// A feed that gives two articles one guid, fetched by the built `rss-report` as it changes: each article is
/// stored once and announced as new once, whichever items the feed lists at each refresh.
@Suite(.timeLimit(.minutes(5)))
struct SharedGuidReportTests {
    static func document(_ items: [(path: String, title: String)]) -> String {
        let body = items.map {
            "<item><guid isPermaLink=\"false\">same</guid><link>https://example.org\($0.path)</link>"
                + "<title>\($0.title)</title></item>"
        }.joined()
        return "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Shared</title>\(body)</channel></rss>"
    }

    @Test func refetchesOfAFeedSharingAGuidStoreEachArticleOnce() async throws {
        let report = try ReportProcess()
        let first = (path: "/a", title: "First article"), second = (path: "/b", title: "Second article")
        let feed = try report.feed("shared.rss", Self.document([first]))
        let added = try await report.run(["--url", feed.path, "--quiet"])
        #expect(added.status == 0, "\(added.stderr)")
        let fetches = [([first, second], "OK   Shared (1 new)"), ([first], "OK   Shared"), ([second, first], "OK   Shared")]
        for (items, status) in fetches {
            _ = try report.feed("shared.rss", Self.document(items))
            let refreshed = try await report.run(["--refresh", "--force", "--format", "tsv"])
            #expect(refreshed.status == 0, "\(refreshed.stderr)")
            #expect(refreshed.stderrLines == [status])
        }
        let titles = try await DatabaseQueue(path: report.database).read { db in
            try String.fetchAll(db, sql: "SELECT title FROM article ORDER BY title")
        }
        #expect(titles == ["First article", "Second article"])
    }
}
