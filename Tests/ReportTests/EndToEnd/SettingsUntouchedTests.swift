import Foundation
import Testing

/// `rss-report` writes no setting: reports run while an `rss-repl` is open on the same database (one held while
/// the REPL changes its page size, one killed with SIGKILL half-way), and the page size the REPL chose stays, in
/// the REPL, in the database at every step (read there as stored, and watched while the reports run), and for the
/// next REPL.
///
/// The report once read through the news list, 500 rows a page: after its refresh it stored `pageSize = 500`, and
/// before writing the report it stored the page size it had read at its start. With that put back in the report,
/// this test fails at these checks:
/// - the first look at the table: the run that added the samples had stored the 20 it "put back";
/// - after the held run: it put back the 20 it had read before the REPL chose 7 (a lost update), so the table
///   held 20 from then on, at every later check, and a REPL started afterwards showed 20 rows a page;
/// - the watch: it saw 500 during each of the six runs it watched, for the milliseconds each took to read.
///
/// Not at the open REPL's own answers (it reads the settings once, when it starts), and not because of the
/// kill: the old report stored 500 only after the refresh, and the killed run is held before it. The kill checks
/// that a run ended half-way leaves no setting, wherever it was.
@Suite(.timeLimit(.minutes(5)))
struct SettingsUntouchedTests {
    static let hold = "RSS_REPORT_TEST_HOLD_BEFORE_REFRESH"
    /// The samples' 161 articles, and the two of each feed this test adds.
    static let articles = 165

    @Test func reportsBesideAnOpenREPLLeaveItsPageSizeAlone() async throws {
        let report = try ReportProcess()
        defer { try? FileManager.default.removeItem(at: report.directory) }
        let seeded = try await report.start(ReportProcess.sampleArguments + ["--quiet"]).finish(within: .seconds(120))
        try #require(seeded.status == 0, "\(seeded.stderr)")
        let repl = try PipedRepl(on: report)
        #expect(try await repl.ask(["set"]).contains("page-size             20\n"))
        let table = try SettingTable(path: report.database)
        #expect(try table.pageSize() == nil, "no page size stored before the REPL chooses one")

        // A run that has read the settings (its added feed's line is out) holds before its refresh, for as long
        // as a file exists, while the REPL chooses 7 rows a page; then the file goes and the run goes on. (It
        // used to hold 8 s and be stopped with SIGSTOP in time, which a loaded machine could miss.)
        let gate = report.directory.appendingPathComponent("hold")
        try Data().write(to: gate)
        let held = try report.start(["--url", report.twoArticleFeed("Extra").path], environment: [Self.hold: gate.path])
        defer { held.stop() }
        try await poll("the held run in its hold", timeout: .seconds(120), seen: { held.stderrSoFar }) { () -> Void? in
            let said = held.stderrSoFar
            return said.contains("OK   Extra (2 new)\n") && said.contains("test hold:") ? () : nil
        }
        #expect(try await repl.ask(["set page-size 7"]).contains("page-size             7\n"))
        #expect(try table.pageSize() == "7", "before the reports, with one held")
        let watch = SettingWatch(table)
        try FileManager.default.removeItem(at: gate)
        let heldResult = try await held.finish(within: .seconds(120))
        #expect(heldResult.status == 0, "\(heldResult.stderr)")
        #expect(try table.pageSize() == "7", "after the held run")

        for arguments in [[], ["--unread"], ["--limit", "2"], ["--format", "json"], ["--refresh"]] {
            let result = try await report.start(arguments).finish(within: .seconds(120))
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(try table.pageSize() == "7", "after rss-report \(arguments)")
            if arguments == ["--format", "json"] {
                // Every article, not a page of the REPL's size.
                #expect(try JSON.articles(JSON.object(result.stdout)).count == Self.articles - 2)
            }
        }

        // Killed (SIGKILL) half-way: after adding its feed, in its hold before the refresh.
        let killed = try report.start(
            ["--url", report.twoArticleFeed("Late").path, "--mark-read"], environment: [Self.hold: "600"])
        defer { killed.stop() }
        try await poll("the killed run's line", seen: { killed.stderrSoFar }) {
            killed.stderrSoFar.contains("OK   Late (2 new)\n") ? () : nil
        }
        #expect(try table.pageSize() == "7", "during a run")
        kill(killed.process.processIdentifier, SIGKILL)
        let killedResult = try await killed.finish(within: .seconds(120))
        #expect(killed.process.terminationReason == .uncaughtSignal && killedResult.status == SIGKILL)
        #expect(try table.pageSize() == "7", "after a run was killed")

        let seen = try await watch.stop()
        #expect(
            seen.values == ["7"] && seen.failure == nil,
            "the page size, read \(seen.reads) times, was \(seen.values) \(seen.failure ?? "")")

        // The REPL that was open throughout shows pages of 7 of every article the reports stored (it reads what
        // other processes wrote before each command), and so does one started afterwards.
        try expectPagesOfSeven(await repl.ask(["list", "set"]), articles: Self.articles, "the open REPL")
        let ended = try await repl.quit()
        #expect(ended.status == 0, "\(ended.stderr)")
        let next = try PipedRepl(on: report)
        try expectPagesOfSeven(await next.ask(["list", "set"]), articles: Self.articles, "a REPL started afterwards")
        let nextEnded = try await next.quit()
        #expect(nextEnded.status == 0, "\(nextEnded.stderr)")
        #expect(try table.pageSize() == "7", "at the end")
    }

    /// `answer` is what `list` then `set` print with 7 rows a page: the first page's heading (a page count of 7
    /// rows a page, for `articles`, or for the count the REPL read last), 7 rows, and the settings.
    private func expectPagesOfSeven(_ answer: String, articles: Int? = nil, _ who: String) throws {
        let lines = answer.split(separator: "\n")
        let heading = try #require(lines.first, "\(who): no answer")
        let numbers = try #require(
            heading.wholeMatch(of: /list 1: all articles, page 1 of (\d+) \((\d+) articles\)/), "\(who): \(answer)")
        let (pages, count) = (Int(numbers.1) ?? 0, Int(numbers.2) ?? 0)
        #expect(pages == (count + 6) / 7 && count == articles ?? count, "\(who): \(heading)")
        #expect(lines.filter { $0.hasPrefix(" ") }.count == 7, "\(who): \(answer)")
        #expect(lines.contains("page-size             7"), "\(who): \(answer)")
    }
}
