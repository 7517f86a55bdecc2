import Foundation
@testable import RssCore
import Testing

/// The report over the bundled sample feeds, end to end: the built executable on a fresh database.
@Suite(.timeLimit(.minutes(5)))
struct SampleReportTests {
    @Test func firstRunPrintsTheExpectedReportAndOneStatusLinePerSource() async throws {
        let report = try ReportProcess()
        let result = try await report.run(ReportProcess.sampleArguments + ["--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try ReportProcess.expected("samples-limit3.txt")))
        #expect(
            result.stderrLines.sorted()
                == [
                    "OK   Daring Fireball (48 new)",
                    "OK   bioRxiv Subject Collection: Plant Biology (30 new)",
                    "OK   QEMU (10 new)",
                    "OK   research!rsc (19 new)",
                    "OK   Scripting News (50 new)",
                    "OK   The Omni Show (4 new)",
                ].sorted())
    }

    @Test func secondRunFindsNothingNewAndSaysNotModified() async throws {
        let report = try ReportProcess()
        _ = try await report.run(ReportProcess.sampleArguments + ["--quiet"])
        let second = try await report.run(["--refresh", "--force", "--since", "2026-01-01"])
        #expect(second.status == 0)
        #expect(second.stderrLines.count == 6)
        #expect(second.stderrLines.allSatisfy { $0.hasPrefix("304  ") }, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("rss-report 2026-01-01 12:00 +0000: 6 sources, 0 articles, 0 new, 161 unread"))
        let again = try await report.run(["--refresh", "--force", "--limit", "1"])
        #expect(!again.stdoutLines.contains { $0.hasPrefix("N ") })
        #expect(again.stdoutLines.filter { $0.hasPrefix("  20") }.count == 6)
    }

    @Test func markReadThenUnreadShowsNothing() async throws {
        let report = try ReportProcess()
        let first = try await report.run(ReportProcess.sampleArguments + ["--mark-read", "--source", "QEMU", "--quiet"])
        #expect(first.status == 0)
        #expect(first.stdoutLines.filter { $0.hasPrefix("N ") }.count == 10)
        let unreadQEMU = try await report.run(["--unread", "--source", "QEMU"])
        #expect(unreadQEMU.stdout == "rss-report 2026-01-01 12:00 +0000: 1 source, 0 articles, 0 new, 0 unread\n")
        let unread = try await report.run(["--unread", "--format", "json"])
        let document = try JSON.object(unread.stdout)
        let counts = try #require(document["counts"] as? [String: Any])
        #expect(counts["unread"] as? Int == 151)
        #expect(try JSON.articles(document).allSatisfy { $0["source"] as? String != "QEMU" })
        let quiet = try await report.run(["--unread", "--source", "qemu", "--quiet"])
        #expect(quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }

    @Test func sinceLimitAndSourceSelectArticles() async throws {
        let report = try ReportProcess()
        _ = try await report.run(ReportProcess.sampleArguments + ["--quiet"])
        let since = try await report.run(["--since", "2025-01-01", "--format", "json"])
        let articles = try JSON.articles(try JSON.object(since.stdout))
        #expect(articles.count == 3)
        #expect(articles.allSatisfy { $0["source"] as? String == "QEMU" })
        let relative = try await report.run(["--since", "400d", "--format", "tsv"])
        #expect(relative.stdoutLines.filter { !$0.isEmpty }.count == 4)
        let limited = try await report.run([
            "--source", "research", "Omni", "--limit", "2", "--oldest-first", "--format", "json",
        ])
        let rows = try JSON.articles(try JSON.object(limited.stdout))
        #expect(rows.count == 4)
        let dates = rows.compactMap { $0["timestamp"] as? Int }
        #expect(dates == dates.sorted())
    }

    @Test func bySourceGroupsInTheSourcesOrder() async throws {
        let report = try ReportProcess()
        _ = try await report.run(ReportProcess.sampleArguments + ["--quiet"])
        let grouped = try await report.run(["--by-source", "--limit", "2", "--format", "tsv"])
        let names = grouped.stdoutLines.filter { !$0.isEmpty }.map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        }
        #expect(
            names == [
                "Daring Fireball", "Daring Fireball", "bioRxiv Subject Collection: Plant Biology",
                "bioRxiv Subject Collection: Plant Biology", "QEMU", "QEMU", "research!rsc", "research!rsc",
                "Scripting News", "Scripting News", "The Omni Show", "The Omni Show",
            ])
    }

    @Test func helpVersionAndCompletion() async throws {
        let report = try ReportProcess()
        let help = try await report.run(["--help"], plain: true)
        #expect(help.status == 0)
        #expect(help.stdout.contains("--mark-read") && help.stdout.contains("Exit status: 0"))
        #expect(!help.stdout.contains("--now"))
        let version = try await report.run(["--version"], plain: true)
        #expect(version.stdout == "rss-report \(ProgramVersion.current)\n")
        let completion = try await report.run(["--generate-completion-script", "bash"], plain: true)
        #expect(completion.status == 0 && completion.stdout.contains("--since"))
    }
}

/// Reading JSON output back.
enum JSON {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func articles(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["articles"] as? [[String: Any]])
    }
}
