import Foundation
import LoopbackServers
import Testing

/// `--url` given a web page follows the first feed it declares and says which on standard error; `--tag`
/// narrows a report to the sources filed under a tag, in SQL.
@Suite(.timeLimit(.minutes(5)))
struct DiscoveryAndTagReportTests {
    static func feed(_ title: String) -> Data {
        Data(ReportProcess.rss(title: title, items: [("\(title) item", "https://example.org/\(title)", "Mon, 01 Dec 2025 10:00:00 GMT")]).utf8)
    }

    /// `/` declares `/a.rss` and `/b.atom` (both RSS here); `/page` declares nothing and has no feed anywhere.
    static func site(_ request: LoopbackFeedServer.Request) -> LoopbackFeedServer.Response {
        switch request.path {
        case "/":
            let page = """
                <html><head><link rel="alternate" type="application/rss+xml" title="First" href="/a.rss">
                <link rel="alternate" type="application/atom+xml" title="Second" href="b.atom"></head></html>
                """
            return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))
        case "/a.rss": return .init(status: 200, body: feed("Alpha"))
        case "/b.atom": return .init(status: 200, body: feed("Beta"))
        case "/page": return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>hi".utf8))
        default: return .init(status: 404)
        }
    }

    @Test func aPageFollowsItsFirstFeedAndSaysWhich() async throws {
        let server = try LoopbackFeedServer(route: Self.site)
        let report = try ReportProcess()
        let first = try await report.run(["--url", server.url("")])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines == [
            "rss-report: \(server.url("")) declares 2 feeds; following the first, \(server.url("a.rss")) (First)",
            "OK   Alpha (1 new)",
        ])
        #expect(first.stdout.contains("Alpha item"))
        // Later runs find the same feed, followed already: not added twice, and fetched only when it is due
        // (a crontab giving the page every few minutes costs the site one look at the page).
        let second = try await report.run(["--url", server.url(""), "--format", "json"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderrLines.last?.hasPrefix("SKIP Alpha (not due until ") == true, "\(second.stderr)")
        let document = try JSON.object(second.stdout)
        #expect((document["sources"] as? [[String: Any]])?.count == 1)
        #expect(try JSON.articles(document).count == 1)
        #expect(server.seen.map(\.path) == ["/", "/a.rss", "/"])
    }

    @Test func anAddressWithoutFeedsFailsAsASourceAndTheOthersGoOn() async throws {
        let server = try LoopbackFeedServer(route: Self.site)
        let report = try ReportProcess()
        let run = try await report.run(["--url", server.url("page"), server.url("gone/"), server.url("a.rss")])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Set(run.stderrLines) == [
            "FAIL \(server.url("page")) (PARSE: not a feed (looks like an HTML page))",
            "FAIL \(server.url("gone/")) (HTTP 404: not found)",
            "OK   Alpha (1 new)",
        ])
        // Each page, then the usual addresses of the site for the two that hold no feed; nothing twice.
        let usual = ["/feed", "/rss.xml", "/atom.xml", "/index.xml", "/feed.json"]
        #expect(server.seen.map(\.path).sorted() == (["/page", "/gone/", "/a.rss"] + usual + usual).sorted())
    }

    @Test func tagsNarrowTheReport() async throws {
        let report = try ReportProcess()
        let opml = report.directory.appendingPathComponent("tagged.opml")
        let samples = ReportProcess.samples
        try """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="Dev"><outline text="QEMU" xmlUrl="\(samples[2].absoluteString)"/>
            <outline text="rsc" xmlUrl="\(samples[3].absoluteString)"/></outline>
            <outline text="Podcasts"><outline text="Omni" xmlUrl="\(samples[5].absoluteString)"/></outline>
            <outline text="News" xmlUrl="\(samples[4].absoluteString)"/>
            </body></opml>
            """.write(to: opml, atomically: true, encoding: .utf8)
        let imported = try await report.run(["--opml", opml.path, "--format", "json"])
        #expect(imported.status == 0, "\(imported.stderr)")

        let dev = try await report.run(["--tag", "dev", "--format", "json"])
        #expect(dev.status == 0, "\(dev.stderr)")
        let devDocument = try JSON.object(dev.stdout)
        #expect((devDocument["sources"] as? [[String: Any]])?.compactMap { $0["title"] as? String }.sorted()
            == ["QEMU", "research!rsc"])
        #expect(Set(try JSON.articles(devDocument).compactMap { $0["source"] as? String }) == ["QEMU", "research!rsc"])
        #expect(try JSON.articles(devDocument).count == 10 + 19)

        let two = try await report.run(["--tag", "Dev", "--tag", "#podcasts", "--limit", "1", "--format", "json"])
        #expect(Set(try JSON.articles(JSON.object(two.stdout)).compactMap { $0["source"] as? String })
            == ["QEMU", "research!rsc", "The Omni Show"])

        let refreshed = try await report.run(["--tag", "podcasts", "--refresh", "--force"])
        #expect(refreshed.stderrLines.count == 1, "\(refreshed.stderr)")
        #expect(refreshed.stderrLines.first?.hasSuffix("The Omni Show") == true, "\(refreshed.stderr)")

        let unknown = try await report.run(["--tag", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderrLines == ["rss-report: error: no source is filed under the tag nope"])
    }
}
