import Foundation
import Testing

/// `rss-report --filter EXPR`: the filter language on the command line, with the other flags, and its
/// mistakes said with their column as bad usage.
@Suite(.timeLimit(.minutes(5)))
struct FilterReportTests {
    @Test func filterSelectsWithTheOtherFlags() async throws {
        let report = try ReportProcess()
        _ = try await report.run(ReportProcess.sampleArguments + ["--quiet"])
        let qemu = try await report.run([
            "--filter", #"source contains qemu and title ~ "version \d+\.\d+\.0""#, "--format", "json",
        ])
        #expect(qemu.status == 0, "\(qemu.stderr)")
        let articles = try JSON.articles(try JSON.object(qemu.stdout))
        #expect(articles.count == 8)
        #expect(articles.allSatisfy { ($0["title"] as? String)?.hasPrefix("QEMU version ") == true })

        let limited = try await report.run([
            "--filter", "source contains qemu or source = 'research!rsc'", "--limit", "2",
        ])
        #expect(limited.stdoutLines.filter { $0.hasPrefix("  20") }.count == 4)

        let none = try await report.run(["--filter", "not unread", "--format", "tsv"])
        #expect(none.status == 0 && none.stdout.isEmpty)
    }

    @Test func ageIsMeasuredFromTheRunsNow() async throws {
        let report = try ReportProcess()
        _ = try await report.run(ReportProcess.sampleArguments + ["--quiet"])
        // The runs take 2026-01-01T12:00Z as now (--now): `--since 400d` selects these four too.
        let young = try await report.run(["--filter", "age < 400d", "--format", "tsv"])
        #expect(young.stdoutLines.filter { !$0.isEmpty }.count == 4)
        let later = try await report.run(["--filter", "age < 400d", "--format", "tsv", "--now", "2027-01-01"])
        #expect(later.stdout.isEmpty)
    }

    @Test func aMistakeIsBadUsageAtItsColumn() async throws {
        let report = try ReportProcess()
        let cases = [
            ("unread and titel contains x", "column 12: unknown field “titel”"),
            ("unread and", "column 11: expected a field, “not” or “(”, found the end"),
            ("title ~ \"(ab\"", "column 10: bad regular expression: this “(” is never closed"),
            ("age > 7", "column 7: “7” is not a duration"),
        ]
        for (expression, words) in cases {
            let result = try await report.run(["--filter", expression])
            #expect(result.status == 64, "\(expression)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("rss-report: error: --filter: \(words)"), "\(result.stderr)")
            #expect(result.stderrLines.count == 1)
        }
    }
}
