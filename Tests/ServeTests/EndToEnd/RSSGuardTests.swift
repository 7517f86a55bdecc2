import Foundation
import NIOHTTP1
import ReduxVM
import Testing
import RssCore

extension ServeApplicationsEndToEnd {
    /// RSS Guard (Debian's `rssguard`, a Qt reader) syncing under Xvfb, checked in its own database: its Google
    /// Reader account as "Other services" and as "FreshRSS" (which adds `/api/greader.php` to the address), and
    /// its Nextcloud News account. A first sync brings every article; a star made in the app reaches the database
    /// (`rss-report --starred`); marks made elsewhere (`rss-report --mark-read`, another store) reach the app at
    /// its next sync. One RSS Guard at a time: each is an Xvfb and a Qt program.
    @Suite("RSS Guard", .timeLimit(.minutes(10)), .serialized)
    struct RSSGuardTests {
        @Test("Google Reader accounts sync, and marks cross both ways", arguments: ["greader-other", "greader-freshrss"])
        func googleReader(kind: String) async throws {
            let server = try await ServeProcess(prepare: ServeEndToEnd.NewsboatTests.prepare)
            let guardApp = try await RSSGuard(kind: kind, server: server)
            var seen = try await guardApp.sync()
            #expect(seen.ok, "\(seen.error ?? "")")
            #expect(Set(seen.feeds.map(\.title)) == ["small", "other"], "\(seen.feeds.map(\.title))")
            #expect(seen.messages.count == 8, "\(seen.messages.map(\.title))")
            #expect(seen.message("small-4")?.is_read == 1 && seen.message("small-0")?.is_read == 0)
            // A star made in the app.
            seen = try await guardApp.mark("star", "small-0")
            #expect(seen.ok, "\(seen.error ?? "")")
            let report = ServeProcess.reportExecutable
            let starred = try await ServeProcess.run(["--db", server.database, "--starred", "--format", "tsv"], executable: report, directory: server.directory)
            #expect(starred.stdout.contains("small-0"), "\(starred.stdout) \(starred.stderr)")
            // A mark made by another front, in the app's next sync.
            let marked = try await ServeProcess.run(
                ["--db", server.database, "--filter", #"title = "other-1""#, "--mark-read"], executable: report, directory: server.directory)
            #expect(marked.status == 0, "\(marked.stderr)")
            seen = try await guardApp.sync()
            #expect(seen.message("other-1")?.is_read == 1, "\(seen.messages.map { ($0.title, $0.is_read) })")
            #expect(seen.message("small-0")?.starred == true)
            #expect((seen.requests ?? []).allSatisfy { ($0.status ?? 0) < 400 }, "\((seen.requests ?? []).filter { ($0.status ?? 0) >= 400 })")
            #expect(await server.stop() == 0)
        }

        @Test("the Nextcloud News account: first sync, a star made in the app, marks made in the database")
        func nextcloud() async throws {
            let server = try await ServeProcess(prepare: ServeEndToEnd.NewsboatTests.prepare)
            let guardApp = try await RSSGuard(kind: "nextcloud", server: server)
            let first = try await guardApp.sync()
            #expect(first.ok, "\(first.error ?? "")")
            #expect(first.feeds.map(\.title).sorted() == ["other", "small"])
            #expect(first.messages.map(\.title).sorted() == ["other-0", "other-1", "other-2", "small-0", "small-1", "small-2", "small-3", "small-4"])
            #expect(first.messages.filter { $0.is_read == 1 }.map(\.title) == ["small-4"])
            #expect(first.message("small-0")?.feed_title == "small")
            #expect((first.requests ?? []).contains { $0.url.contains("/index.php/apps/news/api/v1-2/items?") })
            #expect((first.requests ?? []).allSatisfy { $0.status == 200 }, "\((first.requests ?? []).map { "\($0.method) \($0.url) \($0.status ?? 0)" })")

            // A star in the app (selecting the article also reads it), sent before the next fetch.
            let star = try await guardApp.mark("star", "small-1")
            #expect(star.ok, "\(star.error ?? "")")
            #expect((star.requests ?? []).contains { $0.url.hasSuffix("/items/star/multiple") && $0.status == 200 })
            let articles = try await Library.waitFor(server.database) { $0.contains(where: \.isStarred) }
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-1"])
            #expect(articles.filter(\.isRead).map(\.title).sorted() == ["small-1", "small-4"])
            let report = try await ServeProcess.run(
                ["--db", server.database, "--starred", "--format", "tsv"], executable: ServeProcess.reportExecutable,
                directory: server.directory)
            #expect(report.status == 0 && report.stdout.contains("small-1"), "\(report.stderr)")

            // Marks made in the database (another front) are in the app after its next sync.
            try await ServeEndToEnd.NextcloudReplayTests.elsewhere(server.database) { store in
                let articles = try await store.articles(ArticleQuery())
                store.dispatch(SetRead(ids: articles.filter { $0.title == "other-2" }.map(\.id), isRead: true))
                store.dispatch(SetRead(ids: articles.filter { $0.title == "small-4" }.map(\.id), isRead: false))
                for article in articles where article.title == "other-0" { store.dispatch(SetStarred(id: article.id, isStarred: true)) }
            }
            let again = try await guardApp.sync()
            #expect(again.ok, "\(again.error ?? "")")
            #expect(again.messages.filter { $0.is_read == 1 }.map(\.title).sorted() == ["other-2", "small-1"])
            #expect(again.messages.filter(\.starred).map(\.title).sorted() == ["other-0", "small-1"])
            #expect(await server.stop() == 0)
        }
    }
}
