import Foundation
import TerminalText
import Testing

/// Feed text is untrusted: no control code reaches the output, and wide characters line up.
@Suite(.timeLimit(.minutes(5)))
struct OutputSafetyTests {
    @Test func controlCodesInFeedTextNeverReachTheOutput() async throws {
        let report = try ReportProcess()
        let hostile = try report.feed(
            "hostile.rss",
            ReportProcess.rss(
                title: "Evil&#x1B;]52;c;aGk=&#x07; Feed",
                items: [
                    (
                        "Red&#x1B;[31m alert&#x1B;[2J&#x9B;1m tab&#x09;here", "https://example.org/a",
                        "Mon, 01 Dec 2025 10:00:00 GMT"
                    ),
                    ("Bell&#x07; and &#x202E;reversed", "https://example.org/b", "Mon, 01 Dec 2025 09:00:00 GMT"),
                ]))
        for format in ["plain", "tsv", "json"] {
            let result = try await report.run(["--url", hostile.path, "--refresh", "--format", format])
            #expect(result.status == 0, "\(result.stderr)")
            let controls = (result.stdout + result.stderr).unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E
            }
            #expect(controls.isEmpty, "\(format): \(controls.map(\.value))")
        }
        let tsv = try await report.run(["--format", "tsv"])
        #expect(
            tsv.stdoutLines.filter { !$0.isEmpty }.allSatisfy {
                $0.split(separator: "\t", omittingEmptySubsequences: false).count == 10
            })
    }

    @Test func wideTitlesAreCutToTheSameColumns() async throws {
        let report = try ReportProcess()
        let wide = try report.feed(
            "wide.rss",
            ReportProcess.rss(
                title: "日本語のフィード",
                items: [
                    (String(repeating: "漢字", count: 40), "https://example.org/1", "Mon, 01 Dec 2025 10:00:00 GMT"),
                    ("短い", "https://example.org/2", "Mon, 01 Dec 2025 09:00:00 GMT"),
                    (String(repeating: "ascii ", count: 20), "https://example.org/3", "Mon, 01 Dec 2025 08:00:00 GMT"),
                ]))
        let result = try await report.run(["--url", wide.path])
        let lines = result.stdoutLines.filter { $0.contains("https://example.org/") }
        #expect(lines.count == 3)
        let linkColumns = lines.map { line in
            String(line[..<line.range(of: "https://")!.lowerBound]).displayWidth
        }
        #expect(Set(linkColumns) == [2 + 16 + 2 + 15 + 2 + 70 + 1], "\(lines)")
        #expect(lines[0].contains("…"))
        #expect(lines[0].contains("  日本語のフィー…  "))
    }

    @Test func columnsFitTheWidthWhenTheyAreKnown() async throws {
        let report = try ReportProcess()
        let result = try await report.run(ReportProcess.sampleArguments + ["--limit", "1"], environment: ["COLUMNS": "100"])
        let items = result.stdoutLines.filter { $0.hasPrefix("N ") }
        #expect(items.count == 6)
        // Links here run past 50 columns, so the title gets the narrowest column: 20.
        for line in items {
            let link = try #require(line.range(of: " http") ?? line.range(of: " file:"))
            #expect(String(line[..<link.lowerBound]).displayWidth == 2 + 16 + 2 + 15 + 2 + 20, "\(line)")
        }
    }
}
