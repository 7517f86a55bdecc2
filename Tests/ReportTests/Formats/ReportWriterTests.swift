import Foundation
import Synchronization
import Testing

@testable import ReportFront
@testable import RssCore

/// The writer renders each page the query hands over at once, in the order read: nothing is held back, however
/// many articles share a date, so the articles a report holds are one page's whatever the dates.
struct ReportWriterTests {
    /// A format that keeps which articles each call rendered, and after how many.
    final class RecordingRenderer: ReportRenderer {
        let calls = Mutex<[(ids: [UUID], previous: Int)]>([])

        func articles(_ items: [ReportItem], after previous: Int) -> String {
            calls.withLock { $0.append((items.map(\.id), previous)) }
            return ""
        }

        func frame(_ summary: ReportSummary) -> (head: String, tail: String) { ("", "") }
    }

    /// An article of `date` numbered `number`, as a query reads it.
    static func snapshot(number: Int64, date: Date) -> ArticleSnapshot {
        ArticleSnapshot(
            id: UUID(), sourceID: SyntheticFeeds.uuid(prefix: 0x5, 0), itemID: "item-\(number)",
            title: "Article \(number)", link: URL(string: "https://example.org/\(number)"), author: nil, date: date,
            published: date, updated: nil, firstSeen: date, changed: date, isRead: false, isStarred: false,
            enclosure: nil, categories: [], body: nil,
            position: ArticleSnapshot.Position(date: date.timeIntervalSince1970, storageOrder: number))
    }

    @Test func pagesOfOneDateAreRenderedAsTheyCome() throws {
        let date = Date(timeIntervalSince1970: 1_764_590_400)
        let renderer = RecordingRenderer()
        let writer = ReportWriter(renderer: renderer, spool: ReportSpool(), keepsUnreadIDs: true) { article in
            ReportItem(article, sourceName: "Same", isNew: false)
        }
        var added: [UUID] = []
        for page in 0..<6 {
            // Newest first: within the date, the highest number first.
            let snapshots = (0..<500).map { Self.snapshot(number: Int64(3_000 - page * 500 - $0), date: date) }
            #expect(writer.add(snapshots))
            let calls = renderer.calls.withLock { $0 }
            #expect(calls.count == page + 1, "page \(page) was rendered when it came")
            #expect(calls.last?.ids == snapshots.map(\.id))
            #expect(calls.last?.previous == added.count)
            added += snapshots.map(\.id)
        }
        try writer.finish { _ in nil }
        #expect(renderer.calls.withLock { $0 }.flatMap(\.ids) == added)
        #expect(writer.unreadIDs == added)
    }
}
