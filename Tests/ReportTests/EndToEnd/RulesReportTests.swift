import Foundation
import ReduxVM
import RssCore
import Testing

/// `rss-report` with rules and saved queries made by another front (a store in this process, as the REPL
/// holds one): the articles its `--refresh` merges get the rules, hidden ones are never reported, and
/// `--query NAME` reads a saved query, alone or with `--filter`.
@Suite(.timeLimit(.minutes(5)))
struct RulesReportTests {
    @Test func rulesApplyToWhatARefreshBringsAndQueriesSelect() async throws {
        let report = try ReportProcess()
        let items: [(title: String, link: String, date: String)] = [
            ("Welcome", "https://example.org/1", "Mon, 01 Dec 2025 10:00:00 GMT"),
            ("[ad] Buy now", "https://example.org/2", "Mon, 01 Dec 2025 11:00:00 GMT"),
            ("Swift 7 released", "https://example.org/3", "Mon, 01 Dec 2025 12:00:00 GMT"),
            ("Old swift news", "https://example.org/4", "Mon, 01 Dec 2025 13:00:00 GMT"),
        ]
        let feed = try report.feed("ruled.rss", ReportProcess.rss(title: "Ruled", items: Array(items.prefix(1))))
        do {
            let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: report.database))))
            await store.idle()
            store.dispatch(AddSource(url: feed))
            store.dispatch(AddRule(ArticleRule(name: "ads", filter: try ArticleFilter(#"title ~ "^\[ad\]""#), action: .hide)))
            store.dispatch(AddRule(ArticleRule(name: "old", filter: try ArticleFilter("title contains old"), action: .read)))
            store.dispatch(SaveQuery(SavedQuery(name: "swift", filter: try ArticleFilter("title contains swift"))))
            await store.idle()
            _ = try await store.closeDatabase()
        }
        _ = try report.feed("ruled.rss", ReportProcess.rss(title: "Ruled", items: items))

        let refreshed = try await report.run(["--refresh", "--force", "--format", "tsv"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        let titles = refreshed.stdoutLines.filter { !$0.isEmpty }.compactMap { $0.split(separator: "\t").dropFirst().first }
        #expect(Set(titles) == ["Welcome", "Swift 7 released", "Old swift news"])

        let unread = try await report.run(["--unread", "--format", "tsv"])
        #expect(!unread.stdout.contains("Old swift news") && !unread.stdout.contains("Buy now"))
        #expect(unread.stdout.contains("Swift 7 released"))

        let swift = try await report.run(["--query", "SWIFT", "--format", "tsv"])
        #expect(swift.stdoutLines.filter { !$0.isEmpty }.count == 2)
        let both = try await report.run(["--query", "swift", "--filter", "unread", "--format", "tsv"])
        #expect(both.stdoutLines.filter { !$0.isEmpty }.count == 1)
        #expect(both.stdout.contains("Swift 7 released"))

        let unknown = try await report.run(["--query", "nothing"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr == "rss-report: error: --query: no saved query named nothing (rss-repl's query list shows them)\n")
    }
}
