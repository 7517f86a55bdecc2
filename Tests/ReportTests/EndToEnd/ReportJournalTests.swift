import Foundation
@testable import RssCore
import Testing

/// `rss-report --journal` records its run for replay, `--log-file` logs it without credentials.
@Suite(.timeLimit(.minutes(5)))
struct ReportJournalTests {
    @Test func aReportsJournalReplaysToTheSourcesAndCountsItStored() async throws {
        let report = try ReportProcess()
        let journal = report.directory.appendingPathComponent("report.jsonl")
        let result = try await report.run(ReportProcess.sampleArguments + ["--limit", "2", "--journal", journal.path])
        #expect(result.status == 0, "\(result.stderr)")
        let state = try RssJournal.replay(contentsOf: journal)
        #expect(state.sources.all.count == 6)
        #expect(state.counts.total == 161)
        #expect(state.counts.unread == 161)
        let first = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n").first ?? ""
        #expect(first.contains(#""writer":"rss-report \#(ProgramVersion.current)""#))
    }

    @Test func aJournalThatCannotBeCreatedIsStatus73AndOneLine() async throws {
        let report = try ReportProcess()
        let result = try await report.run(["--journal", "/proc/none/j.jsonl"])
        #expect(result.status == 73)
        #expect(result.stderr == "rss-report: error: cannot write journal /proc/none/j.jsonl: cannot create the file\n")
    }

    @Test func theLogNamesFetchesAndNeverAPassword() async throws {
        let report = try ReportProcess()
        let log = report.directory.appendingPathComponent("report.log")
        let result = try await report.run(
            ["--url", "http://reader:s3cretpass@127.0.0.1:9/feed.xml", "--log", "debug", "--log-file", log.path])
        #expect(result.status == 2)
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("fetch failed: http://127.0.0.1:9/feed.xml"), "\(text.suffix(1_500))")
        #expect(text.contains("debug rss-report: AddSource("))
        #expect(!text.contains("s3cretpass"))
        #expect(!text.contains("reader:"))
    }
}
