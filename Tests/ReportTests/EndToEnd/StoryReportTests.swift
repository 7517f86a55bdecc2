import Foundation
import Testing

/// One story in two feeds: every format prints it once, plain and JSON with its other source.
@Suite(.timeLimit(.minutes(5)))
struct StoryReportTests {
    @Test func eachStoryIsPrintedOnceWithItsOtherSource() async throws {
        let report = try ReportProcess()
        let date = "Mon, 01 Dec 2025 10:00:00 GMT"
        let origin = try report.feed(
            "origin.rss",
            ReportProcess.rss(
                title: "Origin",
                items: [("The story", "https://origin.example/story", date), ("Only here", "https://origin.example/2", date)]))
        let aggregator = try report.feed(
            "aggregator.rss",
            ReportProcess.rss(
                title: "Aggregator", items: [("The story, shared", "https://origin.example/story?utm_source=agg", date)]))
        // One after the other: the origin's copy is the first stored, the one that stands for the story.
        #expect(try await report.run(["--url", origin.path]).status == 0)
        #expect(try await report.run(["--url", aggregator.path]).status == 0)

        let plain = try await report.run([])
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.stdoutLines.filter { $0.contains("2025-12-01") }
        #expect(lines.count == 2, "\(plain.stdout)")
        #expect(lines.contains { $0.contains("Origin +1") && $0.contains("The story") }, "\(plain.stdout)")

        let json = try await report.run(["--format", "json"])
        let articles = try JSON.articles(try JSON.object(json.stdout))
        #expect(articles.count == 2)
        let story = try #require(articles.first { $0["title"] as? String == "The story" })
        #expect(story["alsoIn"] as? [String] == ["Aggregator"])
        #expect(articles.first { $0["title"] as? String == "Only here" }?["alsoIn"] as? [String] == [])

        // TSV's columns are sfeed's and the source's: the story comes once, its other sources are left out.
        let tsv = try await report.run(["--format", "tsv"])
        let rows = tsv.stdoutLines.filter { !$0.isEmpty }.map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.count == 2 && rows.allSatisfy { $0.count == 10 })
        #expect(rows.map { String($0[9]) }.sorted() == ["Origin", "Origin"])
    }
}
