import Foundation
import LoopbackServers
import NIOHTTP1
import RssCore
import ReduxVM
import Testing

extension ServeEndToEnd {
    /// RSS Guard's Nextcloud News sync, replayed (`nextcloud_client.py`: 4.0.4's v1-2, 5.x's v1-3) through a
    /// whole story: a first sync, a feed and articles another front adds, marks both ways, a second device, an
    /// unsubscribe, folders made, renamed and deleted, and a feed followed through the API.
    @Suite("Nextcloud News, RSS Guard replayed", .timeLimit(.minutes(5)))
    struct NextcloudReplayTests {
        @Test("a whole sync story", arguments: NextcloudReplay.API.allCases)
        func story(api: NextcloudReplay.API) async throws {
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.0/8"], prepare: NewsboatTests.prepare)
            let directory = server.directory.appendingPathComponent("feeds")
            let files = try Self.fileServer(directory)
            let phone = try NextcloudReplay(server: server, api: api, device: "phone")

            // First sync: the account test, then folders, feeds and each feed's items.
            var seen = try await phone.run("sync")
            #expect(seen.requests.first.map { "\($0.method) \($0.path)" } == "GET /index.php/apps/news/api/\(api.rawValue)/status")
            #expect(seen.requests.allSatisfy { $0.status == 200 })
            #expect(seen.folders.map(\.name) == ["tech"])
            let tech = try #require(seen.folders.first).id
            #expect(seen.feed("small")?.folder == tech && seen.feed("other")?.folder == 0)
            #expect(seen.items.map(\.title).sorted() == ["other-0", "other-1", "other-2", "small-0", "small-1", "small-2", "small-3", "small-4"])
            #expect(seen.read == ["small-4"] && seen.starred.isEmpty)
            #expect(seen.items.allSatisfy { $0.feed == seen.feed(String($0.title.prefix { $0 != "-" }))?.id })

            // Another front (as the REPL would): a new feed in a new folder, new articles, a read and a star.
            let third = try TestFeeds.write("third", items: 3, in: directory)
            _ = try TestFeeds.write("small", items: 7, in: directory)
            try await Self.elsewhere(server.database) { store in
                store.dispatch(AddSource(url: third, tags: ["news"]))
                let small = try #require(store.state.sources.all.first { $0.title == "small" })
                store.dispatch(Refresh(sourceIDs: [small.id]))
                await store.idle()
                let articles = try await store.articles(ArticleQuery())
                store.dispatch(SetRead(ids: articles.filter { $0.title == "small-0" }.map(\.id), isRead: true))
                for article in articles where article.title == "other-1" { store.dispatch(SetStarred(id: article.id, isStarred: true)) }
            }
            seen = try await phone.run("sync")
            #expect(seen.folders.map(\.name) == ["tech", "news"])  // by id: a new folder has a higher one
            #expect(seen.feed("third")?.folder == seen.folders.first { $0.name == "news" }?.id)
            #expect(seen.items.count == 7 + 3 + 3)
            #expect(seen.read == ["small-0", "small-4"] && seen.starred == ["other-1"])
            // Item ids only grow: the new articles have higher ids than the first ones.
            #expect(try #require(seen.item("small-6")).id > (try #require(seen.item("other-2")).id))

            // Marks made in the app (cached, sent before the next fetch) reach the database.
            try await phone.run("mark-read", String(try #require(seen.item("other-0")).id))
            try await phone.run("mark-unread", String(try #require(seen.item("small-4")).id))
            try await phone.run("star", String(try #require(seen.item("small-2")).id))
            try await phone.run("unstar", String(try #require(seen.item("other-1")).id))
            try await phone.run("mark-feed-read", String(try #require(seen.feed("third")).id))
            seen = try await phone.run("sync")
            let marksSent = seen.requests.filter { $0.path.hasSuffix("/multiple") }.map(\.path)
            #expect(marksSent.count == 4, "\(marksSent)")
            let expectedRead = ["other-0", "small-0", "third-0", "third-1", "third-2"]
            let articles = try await Library.waitFor(server.database) { $0.filter(\.isRead).map(\.title).sorted() == expectedRead }
            #expect(articles.filter(\.isRead).map(\.title).sorted() == expectedRead)
            #expect(articles.filter(\.isStarred).map(\.title) == ["small-2"])
            #expect(seen.read == expectedRead && seen.starred == ["small-2"])

            // A second device sees the same.
            let laptop = try NextcloudReplay(server: server, api: api, device: "laptop")
            let other = try await laptop.run("sync")
            #expect(other.read == expectedRead && other.starred == ["small-2"])
            #expect(other.feeds.map(\.id) == seen.feeds.map(\.id) && other.items.map(\.id) == seen.items.map(\.id))

            // Unsubscribing on one device: gone from the database and, at its next sync, from the other.
            try await laptop.run("unsubscribe", String(try #require(other.feed("third")).id))
            #expect(try await Self.sources(server.database) { $0.map(\.title).sorted() == ["other", "small"] }.map(\.title).sorted() == ["other", "small"])
            seen = try await phone.run("sync")
            #expect(seen.feed("third") == nil && !seen.items.contains { $0.title.hasPrefix("third-") })

            // A feed followed through the API (RSS Guard's createFeed), into a folder.
            let extra = try TestFeeds.write("extra", items: 2, in: directory)
            seen = try await phone.run("subscribe", files.url(extra.lastPathComponent), String(tech))
            #expect(seen.feed("extra")?.folder == tech || seen.feeds.contains { $0.url.hasSuffix("/extra.xml") && $0.folder == tech })
            let followed = try await Self.sources(server.database) { $0.contains { $0.url.lastPathComponent == "extra.xml" } }
            #expect(followed.first { $0.url.lastPathComponent == "extra.xml" }?.tags == ["tech"])
            // Followed already: 409, which the client reports.
            try await phone.run("subscribe", files.url(extra.lastPathComponent), expectingFailure: true)
            // Nothing to follow there: 422.
            try await phone.run("subscribe", files.url("missing.xml"), expectingFailure: true)

            // Folders: made empty (Readrops, NewsFlash), a feed moved in, renamed (same id), deleted with its feed.
            seen = try await phone.run("create-folder", "Later")
            let later = try #require(seen.folders.first { $0.name == "Later" }).id
            let otherFeed = try #require(seen.feed("other")).id
            try await HTTP.with(server.baseURL) { http async throws in
                let base = "/index.php/apps/news/api/\(api.rawValue)"
                let auth = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                let verb: NIOHTTP1.HTTPMethod = api == .v12 ? .PUT : .POST
                let moved = try await http.send(verb, "\(base)/feeds/\(otherFeed)/move", headers: auth, body: Data(#"{"folderId":\#(later)}"#.utf8))
                #expect(moved.status == 200, "\(moved.body)")
                let renamed = try await http.send(.PUT, "\(base)/folders/\(later)", headers: auth, body: Data(#"{"name":"Someday"}"#.utf8))
                #expect(renamed.status == 200, "\(renamed.body)")
                let filed = try await Self.sources(server.database) { $0.first { $0.title == "other" }?.tags == ["Someday"] }
                #expect(filed.first { $0.title == "other" }?.tags == ["Someday"])
                seen = try await phone.run("sync")
                #expect(seen.folders.first { $0.id == later }?.name == "Someday" && seen.feed("other")?.folder == later)
                let deleted = try await http.send(.DELETE, "\(base)/folders/\(later)", headers: auth)
                #expect(deleted.status == 200, "\(deleted.body)")
            }
            let kept = try await Self.sources(server.database) { $0.count == 2 }
            #expect(kept.map(\.url.lastPathComponent).sorted() == ["extra.xml", "small.xml"])
            seen = try await phone.run("sync")
            #expect(seen.folders.map(\.name) == ["tech"] && seen.feeds.map(\.title).sorted() == ["extra", "small"])
            #expect(seen.items.filter { $0.title.hasPrefix("extra-") }.count == 2)
            #expect(await server.stop() == 0)
        }

        /// The sources of the database at `path` once `condition` holds for them, or after 20 s: the server
        /// answers a change once its state has it, and writes the database in the background meanwhile (what
        /// it answers next already sees the write; another process may look a moment before it lands).
        static func sources(_ path: String, until condition: ([Source]) -> Bool) async throws -> [Source] {
            let deadline = Date().addingTimeInterval(20)
            var sources = try await Library.sources(path)
            while !condition(sources) && Date() < deadline {
                try await Task.sleep(for: .milliseconds(100))
                sources = try await Library.sources(path)
            }
            return sources
        }

        /// Opens another store on the database (another front), runs `work`, waits for it and closes the store.
        static func elsewhere(_ path: String, _ work: (Store<RssState>) async throws -> Void) async throws {
            let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
            await store.idle()
            try await work(store)
            await store.idle()
            try await store.closeDatabase()
        }

        /// Serves the files of `directory` over HTTP on 127.0.0.1 (a feed followed through the API must be
        /// fetched over HTTP: the server refuses other schemes).
        static func fileServer(_ directory: URL) throws -> LoopbackFeedServer {
            try LoopbackFeedServer { request in
                let name = String(request.path.split(separator: "?").first ?? "").split(separator: "/").last.map(String.init) ?? ""
                guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path) else {
                    return LoopbackFeedServer.Response(status: 404)
                }
                return LoopbackFeedServer.Response(status: 200, headers: ["Content-Type": "application/rss+xml"], body: data)
            }
        }
    }
}
