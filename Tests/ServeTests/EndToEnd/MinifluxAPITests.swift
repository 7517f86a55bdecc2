import Foundation
import LoopbackServers
import NIOHTTP1
import Testing
import RssCore

extension ServeEndToEnd {
    /// The Miniflux API beyond reading and marking, through the PyPI `miniflux` client: categories made,
    /// renamed and deleted, feeds followed into them, discovery, refreshes, incremental filters, stars by PUT,
    /// OPML out and in, and the answers Miniflux gives for what this server does not keep (icons, tag filters).
    @Suite("Miniflux API", .timeLimit(.minutes(5)))
    struct MinifluxAPITests {
        @Test("categories, following, discovery, refreshes, incremental filters, stars, OPML and deletion")
        func library() async throws {
            let feeds = try LoopbackFeedServer { request in
                switch request.path {
                case "/one.xml", "/two.xml":
                    .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text(String(request.path.dropFirst().prefix(3)), items: 3).utf8))
                case "/page.html":
                    .init(status: 200, headers: ["Content-Type": "text/html"], body: Data(#"<html><head><link rel="alternate" type="application/rss+xml" href="/two.xml"></head></html>"#.utf8))
                default: .init(status: 404)
                }
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"], prepare: Library.prepare)
            let seen = try await PythonClientTests.python(
                "miniflux_sync.py", [server.baseURL, ServeProcess.user, ServeProcess.password, "http://127.0.0.1:\(feeds.port)"],
                directory: server.directory)
            #expect(seen["version"] as? String == "2.3.2")
            #expect(seen["created"] as? NSArray == ["News", true] as NSArray)
            #expect(seen["duplicate"] as? String == "This category already exists.")
            #expect(seen["feed"] as? NSArray == ["one", "News", 0] as NSArray)
            #expect(seen["feed_again"] as? String == "This feed already exists.")
            #expect(seen["renamed"] as? NSArray == [true, "World"] as NSArray)
            #expect(seen["icon"] as? Int == 404)
            #expect(seen["discovered"] as? NSArray == [[true, "rss"]] as NSArray)
            #expect(seen["feeds_after_discover"] as? Int == 3)
            #expect(seen["refreshed"] as? [Bool] == [true, true, true])
            #expect(seen["one_entries"] as? [String] == ["one-0", "one-1", "one-2"])
            #expect(seen["after_entry_id"] as? [String] == ["one-1", "one-2"])
            #expect(seen["before_entry_id"] as? [String] == ["one-0", "one-1"])
            #expect(seen["changed_after"] as? [String] == ["one-1"])
            #expect(seen["published_after_future"] as? Int == 0)
            #expect(seen["published_before_old"] as? Int == 0)
            #expect(seen["put_starred"] as? Int == 204)
            #expect(seen["starred_titles"] as? [String] == ["one-2"])
            #expect((seen["tags_filter"] as? String)?.contains("tags") == true)
            #expect(seen["exported"] as? [Bool] == [true, true])
            #expect(seen["imported"] as? String == "Feeds imported successfully")
            #expect(seen["categories_after_import"] as? [String] == ["All", "Later", "World", "tech"])
            #expect(seen["imported_entries"] as? Int == 3)
            #expect(seen["one_unread_after_category_mark"] as? Int == 0)
            #expect(seen["unread_after_user_mark"] as? Int == 0)
            #expect(seen["feeds_after_delete"] as? [String] == ["big", "small", "two"])
            #expect(await server.stop() == 0)
        }

        @Test("entry ids as Miniflux 2.3.2 answers them: filters, the highest first, pages, and its 400s")
        func entryIDs() async throws {
            struct IDPage: Decodable {
                let total: Int
                let entry_ids: [Int64]
            }
            let server = try await ServeProcess(prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                func ids(_ query: String) async throws -> IDPage {
                    let answer = try await http.send(.GET, "/v1/entries/ids" + query, headers: auth)
                    #expect(answer.status == 200, "\(query): \(answer.body.prefix(200))")
                    return try JSONDecoder().decode(IDPage.self, from: Data(answer.body.utf8))
                }
                let all = try await ids("")
                let count = Library.bigCount + Library.smallCount
                #expect(all.total == count && all.entry_ids.count == count)
                #expect(all.entry_ids == all.entry_ids.sorted(by: >))
                #expect(try await ids("?limit=10&offset=5").entry_ids == Array(all.entry_ids[5..<15]))
                #expect(try await ids("?offset=\(count)").entry_ids.isEmpty)
                #expect(try await ids("?limit=0").entry_ids.count == count)
                // Marks through the other API, then the filters.
                let read = all.entry_ids.prefix(3).map(String.init).joined(separator: ",")
                let marked = try await http.send(.PUT, "/v1/entries", headers: auth, body: Data(#"{"entry_ids":[\#(read)],"status":"read","starred":true}"#.utf8))
                #expect(marked.status == 204)
                #expect(try await ids("?status=read").entry_ids == Array(all.entry_ids.prefix(3)))
                #expect(try await ids("?status=unread").total == count - 3)
                #expect(try await ids("?starred=true&status=read").entry_ids == Array(all.entry_ids.prefix(3)))
                #expect(try await ids("?starred=false&limit=1").entry_ids == [all.entry_ids[3]])
                for bad in ["?status=removed", "?status=", "?starred=1", "?starred="] {
                    let answer = try await http.send(.GET, "/v1/entries/ids" + bad, headers: auth)
                    #expect(answer.status == 400 && answer.body.contains("invalid"), "\(bad): \(answer.body)")
                }
                #expect(try await http.send(.GET, "/v1/entries/ids").status == 401)
            }
            #expect(await server.stop() == 0)
        }
    }
}
