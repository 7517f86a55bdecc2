import Foundation
import NIOHTTP1
import Testing
import RssCore

extension ServeEndToEnd {
    /// RSS Guard (Debian's `rssguard`, a Qt reader) syncing under Xvfb, checked in its own database: its Google
    /// Reader account as "Other services" and as "FreshRSS" (which adds `/api/greader.php` to the address).
    /// A first sync brings every article; a star made in the app reaches `rss-report --starred`; a mark made
    /// with `rss-report --mark-read` reaches the app at its next sync.
    @Suite("RSS Guard", .timeLimit(.minutes(10)), .serialized)
    struct RSSGuardTests {
        @Test("Google Reader accounts sync, and marks cross both ways", arguments: ["greader-other", "greader-freshrss"])
        func googleReader(kind: String) async throws {
            let server = try await ServeProcess(prepare: NewsboatTests.prepare)
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
            #expect(seen.message("small-0")?.is_important == 1)
            #expect((seen.requests ?? []).allSatisfy { ($0.status ?? 0) < 400 }, "\((seen.requests ?? []).filter { ($0.status ?? 0) >= 400 })")
            #expect(await server.stop() == 0)
        }
    }
}
