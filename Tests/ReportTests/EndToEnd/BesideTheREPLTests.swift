import Foundation
import ReduxVM
import RssCore
import Testing

/// The report runs while another front (here a store in this process, as the REPL holds one) has the same
/// database open, and each sees what the other wrote.
@Suite(.timeLimit(.minutes(5)))
struct BesideTheREPLTests {
    @Test func reportAndAnOpenStoreShareOneDatabase() async throws {
        let report = try ReportProcess()
        let feed = try report.feed(
            "shared.rss",
            ReportProcess.rss(
                title: "Shared",
                items: [
                    ("One", "https://example.org/1", "Mon, 01 Dec 2025 10:00:00 GMT"),
                    ("Two", "https://example.org/2", "Mon, 01 Dec 2025 11:00:00 GMT"),
                ]))
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: report.database))))
        await store.idle()
        store.dispatch(AddSource(url: feed))
        await store.idle()
        #expect(store.state.counts.unread == 2)

        let seen = try await report.run(["--source", "Shared", "--mark-read", "--format", "json"])
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(try JSON.articles(try JSON.object(seen.stdout)).map { $0["title"] as? String } == ["Two", "One"])

        store.dispatch(ShowMarks(list: .first, marks: .unread))
        await store.idle()
        #expect(store.state.lists.first.rows.isEmpty)
        store.dispatch(ShowMarks(list: .first, marks: .all))
        await store.idle()
        let rows = store.state.lists.first.rows
        #expect(rows.count == 2 && rows.allSatisfy { $0.isRead })
    }
}
