import Foundation
import Testing

@testable import ReportFront

/// The pieces of the formats: `--since` values (sfeed's escaping is in ``TSVRendererTests``).
struct FormatTests {
    @Test(arguments: [
        ("90m", 5_400.0), ("12h", 43_200), ("2d", 172_800), ("1w", 604_800), ("1d12h", 129_600), ("45s", 45),
    ])
    func durations(text: String, seconds: Double) {
        #expect(Since(argument: text) == .ago(seconds))
    }

    @Test(arguments: ["", "d", "12", "2x", "1d-", "yesterday", "2024-13-01", "2024-05-01T25:00"])
    func notSince(text: String) {
        #expect(Since(argument: text) == nil)
    }

    @Test func datesWithoutZoneAreLocal() throws {
        let zoned = try #require(Since(argument: "2024-05-01T09:30:00Z"))
        #expect(zoned == .date(Date(timeIntervalSince1970: 1_714_555_800)))
        let local = try #require(Since(argument: "2024-05-01 09:30"))
        let offset = TimeInterval(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: 1_714_555_800)))
        #expect(local == .date(Date(timeIntervalSince1970: 1_714_555_800 - offset)))
        #expect(Since(argument: "2024-05-01") != nil)
    }
}

/// Feed text made one safe line: the fast path for clean text gives what the full sanitiser gives.
struct LineTextTests {
    @Test(arguments: [
        ("A plain title", "A plain title"), ("", ""), ("  padded  ", "padded"), ("two  spaces", "two spaces"),
        ("tab\there", "tab here"), ("line\nbreak", "line break"), ("bell\u{07}", "bell"),
        ("\u{1B}[31mred\u{1B}[0m", "red"), ("café crème", "café crème"), ("trailing ", "trailing"),
        ("https://example.org/a?b=c&d=e", "https://example.org/a?b=c&d=e"),
    ])
    func line(input: String, expected: String) {
        #expect(Text.line(input) == expected)
        if Text.isAlreadyLine(input) { #expect(input == expected) }
    }
}
