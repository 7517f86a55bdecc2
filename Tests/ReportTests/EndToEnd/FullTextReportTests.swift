import Foundation
import FrontKit
import LoopbackServers
import Testing

/// `--extract` (one page on standard input, its article on standard output) and `--full-text` (the report's
/// articles given their pages' text first, and shown with it).
@Suite(.timeLimit(.minutes(5)))
struct FullTextReportTests {
    /// Runs `rss-report --extract` with `page` on standard input, and `arguments` after.
    func extract(_ page: String, _ arguments: [String] = [], in report: ReportProcess) async throws -> ReportProcess.Result {
        try await extract(Data(page.utf8), arguments, in: report)
    }

    func extract(_ page: Data, _ arguments: [String] = [], in report: ReportProcess) async throws -> ReportProcess.Result {
        let input = report.directory.appendingPathComponent("page-\(UUID().uuidString).html")
        try page.write(to: input)
        return try await report.launch(ReportProcess.executable, ["--extract"] + arguments, input: .file(input)).finish()
    }

    @Test func extractWritesTheTitleThenTheText() async throws {
        let report = try ReportProcess()
        let run = try await extract(ArticleSite.page(title: "The committee met on a quiet Tuesday", word: "zymurgical"), in: report)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutLines
        #expect(lines.first == "The committee met on a quiet Tuesday")
        #expect(lines.dropFirst().first == "")
        #expect(run.stdout.contains("zymurgical") && !run.stdout.contains("Home") && !run.stdout.contains("©"))
        // Blocks stay apart: every paragraph on its own.
        #expect(lines.filter { $0.hasPrefix("Paragraph ") }.count == 5, "\(run.stdout)")
        #expect(run.stderr.isEmpty)
    }

    @Test func extractAsJSONGivesTheMetadataToo() async throws {
        let report = try ReportProcess()
        let page = ArticleSite.page(title: "The committee met on a quiet Tuesday", word: "zymurgical")
            .replacingOccurrences(of: "<head>", with: "<head><meta name=\"author\" content=\"Ada Lovelace\">")
            .replacingOccurrences(of: "Paragraph 2", with: "Paragraph 2 <a href=\"notes.html\">notes</a>")
        let run = try await extract(page, ["--format", "json", "--base", "https://gazette.example/2025/tuesday.html"], in: report)
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "The committee met on a quiet Tuesday")
        #expect(object["author"] as? String == "Ada Lovelace")
        #expect(object["language"] as? String == "en")
        #expect((object["text"] as? String)?.contains("zymurgical") == true)
        #expect((object["html"] as? String)?.contains("https://gazette.example/2025/notes.html") == true)
    }

    @Test func extractOfAnEmptyInputIsAProblemAndItsStatus() async throws {
        let report = try ReportProcess()
        let run = try await extract("  \n", in: report)
        #expect(run.status == ExitStatus.cannotRead)
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines == ["rss-report: error: no article: the page is empty"])
        let links = try await extract("<html><body><ul><li><a href=\"/a\">A</a></li></ul></body></html>", in: report)
        #expect(links.status == ExitStatus.noArticle)
        #expect(links.stderrLines == ["rss-report: error: no article: no article found in the page"])
        let binary = try await extract(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0, 1, 2, 3]), in: report)
        #expect(binary.status == ExitStatus.badData)
    }

    @Test func extractRefusesTheFlagsOfAReport() async throws {
        let report = try ReportProcess()
        let run = try await report.run(["--extract", "--refresh"], plain: true)
        #expect(run.status == ExitStatus.usage)
        #expect(run.stderr.contains("--extract reads a page on standard input, not the database: no --refresh"))
    }

    @Test func fullTextGivesTheReportsArticlesTheirPagesText() async throws {
        let site = try ArticleSite.start()
        let report = try ReportProcess()
        #expect(try await report.run(["--url", site.url("feed.xml"), "--format", "json"]).status == 0)

        let plain = try await report.run(["--full-text"], environment: ["COLUMNS": "120"])
        #expect(plain.status == 0, "\(plain.stderr)")
        let lines = plain.stdoutLines
        #expect(lines.filter { $0.hasPrefix("    full text from 127.0.0.1, fetched ") }.count == 2, "\(plain.stdout)")
        #expect(lines.contains("    feed summary"), "\(plain.stdout)")
        #expect(plain.stdout.contains("word1") && plain.stdout.contains("word2"))
        #expect(
            plain.stderrLines == ["NO FULL TEXT Story 404: cannot fetch the page: HTTP 404: not found"], "\(plain.stderr)")
        // Each page once: the text is stored, and a page that failed for good is not asked again.
        let requests = site.seen.map(\.path).filter { $0.hasPrefix("/story/") }
        #expect(requests.sorted() == ["/story/1", "/story/2", "/story/404"])

        let json = try await report.run(["--full-text", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let articles = try JSON.articles(try JSON.object(json.stdout))
        let first = try #require(articles.first { $0["title"] as? String == "Story 1" })
        #expect(first["contentFrom"] as? String == "page")
        #expect((first["content"] as? String)?.contains("word1") == true)
        #expect(first["contentFetched"] as? String != nil)
        #expect(articles.first { $0["title"] as? String == "Story 404" }?["contentFrom"] as? String == "feedSummary")
        #expect(site.seen.map(\.path).filter { $0.hasPrefix("/story/") }.count == 3)
        // Without --full-text, a JSON report is as it was: no text.
        let bare = try JSON.articles(try JSON.object(try await report.run(["--format", "json"]).stdout))
        #expect(bare.allSatisfy { $0["content"] == nil })
    }
}
