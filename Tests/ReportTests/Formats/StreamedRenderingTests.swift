import Foundation
import FrontKit
import Testing
import TerminalText

@testable import ReportFront
@testable import RssCore

/// A report is written a page at a time: the pages and the frame around them give, byte for byte, what a
/// renderer of the whole report gave.
struct StreamedRenderingTests {
    /// Articles with many ties (a few dates, sources, titles), awkward text for JSON, and a few links wide.
    static func items(_ count: Int, seed: UInt64) -> [ReportItem] {
        var generator = SplitMix64(seed: seed)
        let sources = (0..<4).map { _ in UUID() }
        let titles = ["Same", "Quote \" and \\ back", "Tab\tand line\nbreak", "Café ☕", "Slash / path", "\u{1}control"]
        return (0..<count).map { index in
            ReportItem(
                id: UUID(), itemID: "item-\(index)", sourceID: sources[Int(generator.next() % 4)],
                sourceName: "Source \(generator.next() % 4)", title: titles[Int(generator.next() % UInt64(titles.count))],
                link: generator.next() % 5 == 0 ? "" : "https://example.org/\(generator.next() % 3)",
                author: generator.next() % 2 == 0 ? nil : "Ann", date: Date(timeIntervalSince1970: Double(generator.next() % 6) * 60),
                isNew: generator.next() % 2 == 0, isRead: generator.next() % 3 == 0, isStarred: generator.next() % 7 == 0,
                contentHTML: nil, enclosure: "", categories: [])
        }
    }

    static func summary(_ items: [ReportItem]) -> ReportSummary {
        let id = UUID(uuidString: "5B0A3C2E-0000-4000-8000-000000000001")!
        let stored = Source(
            id: id, url: URL(string: "https://example.org/feed")!, title: "Source \"1\"", addedAt: Date(timeIntervalSince1970: 0))
        let source = ReportSource(
            id: id, name: "Source \"1\"", url: "https://example.org/feed", isEnabled: true, fetch: nil, newCount: 2,
            unreadCount: 5, lastSuccess: Date(timeIntervalSince1970: 0), lastError: nil,
            schedule: ScheduleSummary(stored, in: RssState()))
        return ReportSummary(
            now: Date(timeIntervalSince1970: 1_000), sources: [source], articleCount: items.count, newCount: 2,
            unreadCount: 5)
    }

    /// The report written the way a run writes it: the frame's head, the articles in pages of random sizes,
    /// the frame's tail.
    static func written(_ renderer: some ReportRenderer, _ items: [ReportItem], seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        var output = ""
        var start = 0
        while start < items.count {
            let end = min(items.count, start + 1 + Int(generator.next() % 7))
            output += renderer.articles(Array(items[start..<end]), after: start)
            start = end
        }
        let frame = renderer.frame(summary(items))
        return frame.head + output + frame.tail
    }

    /// The whole document as one value, encoded at once: what rss-report wrote before it wrote in pages.
    struct WholeDocument: Encodable {
        let generated: String
        let counts: JSONRenderer.Counts
        let sources: [JSONRenderer.SourceEntry]
        let articles: [JSONRenderer.Article]
    }

    @Test(arguments: [0, 1, 2, 9, 40])
    func jsonInPagesIsTheWholeDocument(count: Int) throws {
        let items = Self.items(count, seed: UInt64(count))
        let summary = Self.summary(items)
        let whole = JSONRenderer.encode(
            WholeDocument(
                generated: LocalTime.iso8601(summary.now),
                counts: JSONRenderer.Counts(
                    sources: summary.sources.count, articles: items.count, new: summary.newCount,
                    unread: summary.unreadCount),
                sources: summary.sources.map(JSONRenderer.SourceEntry.init),
                articles: items.map(JSONRenderer.Article.init))) + "\n"
        for seed in 0..<5 {
            #expect(Self.written(JSONRenderer(), items, seed: UInt64(seed)) == whole)
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(whole.utf8)) as? [String: Any]
        #expect((parsed?["articles"] as? [Any])?.count == count)
    }

    @Test func plainAndTSVInPagesAreTheWholeReport() {
        let items = Self.items(30, seed: 3)
        let plain = PlainRenderer(width: 100, styler: .plain, calendar: LocalTime.calendar, widestLink: 21)
        let report = Report(now: Date(timeIntervalSince1970: 1_000), sources: Self.summary(items).sources, items: items, newCount: 2, unreadCount: 5)
        #expect(Self.written(plain, items, seed: 1) == plain.render(report))
        #expect(Self.written(TSVRenderer(), items, seed: 2) == TSVRenderer().render(report))
        #expect(plain.render(report).hasPrefix("rss-report 1970-01-01 00:16 +0000: 1 source, 30 articles, 2 new, 5 unread\n\n"))
        let empty = Report(now: Date(timeIntervalSince1970: 1_000), sources: [], items: [], newCount: 0, unreadCount: 0)
        #expect(plain.render(empty) == "rss-report 1970-01-01 00:16 +0000: 0 sources, 0 articles, 0 new, 0 unread\n")
    }
}
