import Foundation
import RssCore
import Testing
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// rss-serve beside the other fronts on one database: marks made through the API are what rss-report
    /// prints, marks another process makes are what the API answers next, and SIGTERM ends it cleanly.
    @Suite("Beside the other fronts", .timeLimit(.minutes(5)))
    struct BesideFrontsTests {
        @Test("a mark made through the API shows in rss-report, and one made elsewhere shows through the API")
        func marksBothWays() async throws {
            let server = try await ServeProcess(prepare: NewsboatTests.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let small = try await http.send(.GET, "/reader/api/0/stream/contents/user/-/label/tech?n=100", headers: auth)
                let items = try JSONDecoder().decode(Items.self, from: Data(small.body.utf8)).items
                #expect(items.count == 5)
                // Through the API: small-0 read and starred.
                let newest = try #require(items.first { $0.title == "small-0" }).id
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: "i=\(HTTP.encode(newest))&a=user/-/state/com.google/read&a=user/-/state/com.google/starred").body == "OK")
                let report = try await ServeProcess.run(
                    ["--db", server.database, "--starred", "--format", "tsv"], executable: ServeProcess.reportExecutable,
                    directory: server.directory)
                #expect(report.status == 0, "\(report.stderr)")
                #expect(report.stdout.split(separator: "\n").count == 1)
                #expect(report.stdout.contains("small-0"))
                // Elsewhere (another store on the file, as the REPL): "other" all read; the API's counts follow.
                let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: server.database))))
                await store.idle()
                let other = try #require(store.state.sources.all.first { $0.title == "other" })
                store.dispatch(MarkAllRead(sourceID: other.id))
                await store.idle()
                try await store.closeDatabase()
                let feedIDs = try await Self.feedIDs(http, auth)
                let counts = try await http.send(.GET, "/reader/api/0/unread-count", headers: auth)
                let unread = try JSONDecoder().decode(UnreadCounts.self, from: Data(counts.body.utf8)).unreadcounts
                #expect(unread.first { $0.id == feedIDs["other"] }?.count == 0)
                #expect(unread.first { $0.id == feedIDs["small"] }?.count == 3)
                #expect(unread.first { $0.id == "user/-/state/com.google/reading-list" }?.count == 3)
                let unreadItems = try await http.send(.GET, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&xt=user/-/state/com.google/read", headers: auth)
                #expect(try JSONDecoder().decode(ItemRefs.self, from: Data(unreadItems.body.utf8)).itemRefs.count == 3)
            }
            #expect(await server.stop() == 0)
            #expect(server.standardError.contains("stopped"))
            // A clean exit merged the write-ahead log: the database file alone holds everything.
            let wal = (try? FileManager.default.attributesOfItem(atPath: server.database + "-wal")[.size] as? Int) ?? 0  // no file: nothing left
            #expect(wal == 0)
        }

        @Test("a running rss-repl's prompt follows a mark made through the API, and its mark-all-read shows through the API")
        func runningRepl() async throws {
            let server = try await ServeProcess(prepare: NewsboatTests.prepare)
            let repl = ServeProcess.executable.deletingLastPathComponent().appendingPathComponent("rss-repl")
            var environment = ServeProcess.environment(server.directory).filter { ["HOME", "NO_COLOR"].contains($0.key) || $0.key.hasPrefix("XDG_") }
            environment["XDG_STATE_HOME"] = server.directory.appendingPathComponent("state").path
            let session = try await TerminalSession.start(
                [repl.path, "--db", server.database], environment: environment, in: server.directory)
            // small: 4 unread (small-4 was read), other: 3.
            try await session.expect("· 7 unread] rss>")
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let page = try await http.send(.GET, "/reader/api/0/stream/contents/user/-/label/tech?n=100", headers: auth)
                let newest = try #require(try JSONDecoder().decode(Items.self, from: Data(page.body.utf8)).items.first { $0.title == "small-0" })
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: "i=\(HTTP.encode(newest.id))&a=user/-/state/com.google/read").body == "OK")
                // No key pressed: the open REPL looks for other processes' writes twice a second.
                try await session.expect("· 6 unread] rss>")
                try await session.press("mark-all-read other", "Enter")
                try await session.expect("· 3 unread] rss>")
                let feedIDs = try await Self.feedIDs(http, auth)
                let counts = try await http.send(.GET, "/reader/api/0/unread-count", headers: auth)
                let unread = try JSONDecoder().decode(UnreadCounts.self, from: Data(counts.body.utf8)).unreadcounts
                #expect(unread.first { $0.id == feedIDs["other"] }?.count == 0)
                #expect(unread.first { $0.id == "user/-/state/com.google/reading-list" }?.count == 3)
            }
            try await session.press("quit", "Enter")
            try await session.end()
            #expect(await server.stop() == 0)
        }

        /// The Google Reader id (`feed/NUMBER`) of each feed, by title.
        static func feedIDs(_ http: HTTP, _ auth: [String: String]) async throws -> [String: String] {
            struct Subscriptions: Decodable {
                struct Subscription: Decodable {
                    let id: String
                    let title: String
                }
                let subscriptions: [Subscription]
            }
            let list = try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth)
            let subscriptions = try JSONDecoder().decode(Subscriptions.self, from: Data(list.body.utf8)).subscriptions
            return Dictionary(subscriptions.map { ($0.title, $0.id) }, uniquingKeysWith: { first, _ in first })
        }

        struct Items: Decodable {
            struct Item: Decodable {
                let id: String
                let title: String
            }
            let items: [Item]
        }

        struct ItemRefs: Decodable {
            struct Ref: Decodable { let id: String }
            let itemRefs: [Ref]
        }

        struct UnreadCounts: Decodable {
            struct Count: Decodable {
                let id: String
                let count: Int
            }
            let unreadcounts: [Count]
        }
    }
}
