import Foundation
import RssCore
import ReduxVM
import Testing

extension ServeEndToEnd {
    /// RSS Guard 4.0.4 itself (Debian's `rssguard`, headless under Xvfb, driven by `rssguard_driver.py`) with a
    /// Nextcloud News account on the server: its first sync as its own database holds it, a star made in the
    /// app reaching the database, and marks made in the database reaching the app at its next sync.
    @Suite("Nextcloud News, RSS Guard", .timeLimit(.minutes(10)))
    struct NextcloudRSSGuardTests {
        static let driver = PythonClientTests.clients.appendingPathComponent("rssguard_driver.py")

        /// A message of RSS Guard's database, as the driver prints it.
        struct Message: Decodable {
            let title: String
            let is_read: Int
            let starred: Bool
            let feed_title: String?
        }

        struct Outcome: Decodable {
            struct Feed: Decodable { let title: String }
            struct Request: Decodable {
                let method: String
                let url: String
                let status: Int
            }
            let ok: Bool
            let error: String?
            let feeds: [Feed]
            let messages: [Message]
            let requests: [Request]

            func message(_ title: String) -> Message? { messages.first { $0.title == title } }
        }

        @Test("first sync in RSS Guard's database, a star made in the app, marks made in the database")
        func rssGuard() async throws {
            let server = try await ServeProcess(prepare: NewsboatTests.prepare)
            let profile = server.directory.appendingPathComponent("rssguard").path
            let setup = try await Self.run(["setup", profile, "nextcloud", server.baseURL, ServeProcess.user, ServeProcess.password], directory: server.directory)
            #expect(setup.status == 0, "setup: \(setup.stderr)")

            let first = try await Self.outcome(["sync", profile], directory: server.directory)
            #expect(first.ok, "\(first.error ?? "")")
            #expect(first.feeds.map(\.title).sorted() == ["other", "small"])
            #expect(first.messages.map(\.title).sorted() == ["other-0", "other-1", "other-2", "small-0", "small-1", "small-2", "small-3", "small-4"])
            #expect(first.messages.filter { $0.is_read == 1 }.map(\.title) == ["small-4"])
            #expect(first.message("small-0")?.feed_title == "small")
            #expect(first.requests.contains { $0.url.contains("/index.php/apps/news/api/v1-2/items?") })
            #expect(first.requests.allSatisfy { $0.status == 200 }, "\(first.requests.map { "\($0.method) \($0.url) \($0.status)" })")

            // A star in the app (selecting the article also reads it), sent before the next fetch.
            let star = try await Self.outcome(["star", profile, "small-1"], directory: server.directory)
            #expect(star.ok, "\(star.error ?? "")")
            #expect(star.requests.contains { $0.url.hasSuffix("/items/star/multiple") && $0.status == 200 })
            let articles = try await Library.waitFor(server.database) { $0.contains(where: \.isStarred) }
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-1"])
            #expect(articles.filter(\.isRead).map(\.title).sorted() == ["small-1", "small-4"])
            let report = try await ServeProcess.run(
                ["--db", server.database, "--starred", "--format", "tsv"], executable: ServeProcess.reportExecutable,
                directory: server.directory)
            #expect(report.status == 0 && report.stdout.contains("small-1"), "\(report.stderr)")

            // Marks made in the database (another front) are in the app after its next sync.
            try await NextcloudReplayTests.elsewhere(server.database) { store in
                let articles = try await store.articles(ArticleQuery())
                store.dispatch(SetRead(ids: articles.filter { $0.title == "other-2" }.map(\.id), isRead: true))
                store.dispatch(SetRead(ids: articles.filter { $0.title == "small-4" }.map(\.id), isRead: false))
                for article in articles where article.title == "other-0" { store.dispatch(SetStarred(id: article.id, isStarred: true)) }
            }
            let again = try await Self.outcome(["sync", profile], directory: server.directory)
            #expect(again.ok, "\(again.error ?? "")")
            #expect(again.messages.filter { $0.is_read == 1 }.map(\.title).sorted() == ["other-2", "small-1"])
            #expect(again.messages.filter(\.starred).map(\.title).sorted() == ["other-0", "small-1"])
            #expect(await server.stop() == 0)
        }

        /// Runs the driver and decodes what it printed (one JSON document, indented).
        static func outcome(_ arguments: [String], directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Outcome {
            let run = try await run(arguments + ["--timeout", "240"], directory: directory)
            #expect(run.status == 0, "rssguard_driver \(arguments[0]): \(run.stderr.suffix(1_000))", sourceLocation: sourceLocation)
            do {
                return try JSONDecoder().decode(Outcome.self, from: Data(run.stdout.utf8))
            } catch {
                throw ServeProblem("rssguard_driver \(arguments[0]) printed no report: \(error); \(run.stderr.suffix(1_000))")
            }
        }

        static func run(_ arguments: [String], directory: URL) async throws -> ServeProcess.Outcome {
            // The real home: a pyenv-managed python finds itself through it (the driver gives RSS Guard its own).
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            return try await ServeProcess.run(
                ["python3", driver.path] + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"), directory: directory,
                environment: ["PYTHONDONTWRITEBYTECODE": "1", "HOME": home])
        }
    }
}
