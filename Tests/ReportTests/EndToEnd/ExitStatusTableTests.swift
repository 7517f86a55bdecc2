import Foundation
import Testing

/// docs/report.md's exit-status table is what the program does: each row is read from the document and a run
/// that should end with that status is made to; a row with no such run, or a run with no row, fails.
@Suite(.timeLimit(.minutes(5)))
struct ExitStatusTableTests {
    /// The statuses the table lists (`130 / 143` is two).
    static func documentedStatuses() throws -> [Int32] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/report.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Exit status").dropFirst().first)
        let table = section.components(separatedBy: "\n## ").first ?? section
        return table.split(separator: "\n").compactMap { line -> [Int32]? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = cells.first, first.first?.isNumber == true else { return nil }
            return first.split(separator: "/").compactMap { Int32($0.trimmingCharacters(in: .whitespaces)) }
        }.flatMap { $0 }
    }

    @Test func everyDocumentedStatusIsWhatARunEndsWith() async throws {
        let documented = try Self.documentedStatuses()
        #expect(documented == [0, 1, 2, 3, 64, 65, 66, 70, 73, 130, 143])
        for status in documented {
            let report = try ReportProcess()
            let missing = report.directory.appendingPathComponent("missing.rss").path
            let sample = ReportProcess.samples[2].path
            let result: ReportProcess.Result
            switch status {
            case 0: result = try await report.run(["--url", sample])
            case 1: result = try await report.run(["--url", sample, missing])
            case 2: result = try await report.run(["--url", missing])
            case 3, 65:
                // --extract of a page of links only (no article), or of bytes that are no text.
                let page = report.directory.appendingPathComponent("page.html")
                try (status == 3 ? Data("<ul><li><a href=\"/a\">A</a></li></ul>".utf8) : Data([0x89, 0x50, 0x4E, 0x47, 0, 0, 1]))
                    .write(to: page)
                result = try await report.launch(ReportProcess.executable, ["--extract"], input: .file(page)).finish()
            case 64: result = try await report.run(["--limit", "-1"])
            case 66: result = try await report.run(["--opml", "/bin/ls"])
            case 70:
                result = try await report.run(["--url", sample], environment: ["RSS_REEDER_TEST_FAULT": "storeFeed:full"])
            case 73: result = try await report.run(["--journal", report.directory.appendingPathComponent("no/j").path])
            case 130, 143:
                // Held far longer than any load could delay the signal, which is sent once the run says its
                // handlers are in place: a fixed sleep raced the program's start-up on a loaded machine.
                let running = try report.start(["--url", sample], environment: ["RSS_REPORT_TEST_HOLD_BEFORE_REFRESH": "600"])
                _ = try await poll("the run holding before its refresh", timeout: .seconds(120), seen: { running.stderrSoFar }) {
                    running.stderrSoFar.contains("test hold:") ? true : nil
                }
                kill(running.process.processIdentifier, status == 130 ? SIGINT : SIGTERM)
                result = await running.finish()
            default:
                Issue.record("docs/report.md lists status \(status), which no run here produces")
                continue
            }
            #expect(result.status == status, "status \(status): \(result.stderr)")
        }
    }
}
