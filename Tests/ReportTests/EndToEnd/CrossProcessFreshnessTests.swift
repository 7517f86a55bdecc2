import Foundation
import Testing

/// An open REPL sees what other processes wrote: sources a report added (titled, fetched, counted), marks, and
/// settings another REPL changed, before its next command.
@Suite(.timeLimit(.minutes(5)))
struct CrossProcessFreshnessTests {
    @Test func anOpenREPLSeesWhatAReportAndAnotherREPLWrote() async throws {
        let report = try ReportProcess()
        defer { try? FileManager.default.removeItem(at: report.directory) }
        let seeded = try await report.start(["--url", report.twoArticleFeed("First").path, "--quiet"])
            .finish(within: .seconds(20))
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let repl = try PipedRepl(on: report)
        let before = try await repl.ask(["sources", "set"])
        #expect(before.contains(" 1  on        2  First"), "\(before)")

        // Another process adds two sources and fetches them.
        let added = try await report.start(
            ["--url", report.twoArticleFeed("Second").path, report.twoArticleFeed("Third").path, "--quiet"]
        ).finish(within: .seconds(20))
        try #require(added.status == 0, "\(added.stderr)")
        let after = try await repl.ask(["sources", "set"])
        #expect(after.contains(" 2  on        2  Second"), "\(after)")
        #expect(after.contains(" 3  on        2  Third"), "\(after)")
        let refresh = try await repl.ask(["refresh"], until: "refreshed")
        #expect(refresh.contains("refreshed 3 of 3 sources"), "\(refresh)")
        let list = try await repl.ask(["list unread", "set"])
        #expect(list.contains("list 1: unread articles, page 1 of 1 (6 articles)"), "\(list)")

        // Another REPL reads everything and changes the page size.
        let other = try PipedRepl(on: report)
        _ = try await other.ask(["mark-all-read", "set page-size 9"])
        let seen = try await repl.ask(["list all", "set"])
        #expect(seen.contains("page-size             9\n"), "\(seen)")
        #expect(seen.contains("list 1: all articles, page 1 of 1 (6 articles)"), "\(seen)")
        #expect(!seen.contains(" N "), "every article shows read: \(seen)")
        let otherEnded = try await other.quit()
        #expect(otherEnded.status == 0)
        let ended = try await repl.quit()
        #expect(ended.status == 0, "\(ended.stderr)")
    }
}
