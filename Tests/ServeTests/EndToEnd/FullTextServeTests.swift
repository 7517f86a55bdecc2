import Foundation
import LoopbackServers
import NIOHTTP1
import ReduxVM
import Testing

@testable import RssCore

extension ServeEndToEnd {
    /// Full text through the APIs: Miniflux's `fetch-content` fetches an entry's page under the server's policy
    /// as well as its feed's, and every API gives the page's text as the content of an article that has it.
    @Suite("Full text", .timeLimit(.minutes(5)))
    struct FullTextServeTests {
        struct Entries: Decodable {
            struct Entry: Decodable {
                let id: Int64
                let title: String
                let content: String
            }
            let entries: [Entry]
        }

        struct Content: Decodable {
            let content: String
            let reading_time: Int
        }

        struct Stream: Decodable {
            struct Item: Decodable {
                struct Body: Decodable {
                    let content: String
                }
                let title: String
                let summary: Body
            }
            let items: [Item]
        }

        static let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]

        /// The id of the entry titled `title`.
        func entry(_ title: String, _ http: HTTP) async throws -> Entries.Entry {
            let answer = try await http.send(.GET, "/v1/entries?limit=0", headers: Self.basic)
            #expect(answer.status == 200, "\(answer.body)")
            let entries = try JSONDecoder().decode(Entries.self, from: Data(answer.body.utf8))
            return try #require(entries.entries.first { $0.title == title })
        }

        /// The owner follows the site in their own program (everything allowed), before the server starts.
        static func follow(_ site: LoopbackFeedServer, fullText: Bool = false) -> (String) async throws -> Void {
            { path in
                let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
                let id = UUID()
                store.dispatch(AddSource(url: URL(string: site.url("feed.xml"))!, id: id))
                await store.idle()
                if fullText {
                    store.dispatch(SetSourceFullText(id: id, on: true))
                    await store.idle()
                }
                try await store.closeDatabase()
            }
        }

        @Test("fetch-content returns the page's article where the owner allows its address, and keeps it")
        func fetchContent() async throws {
            let site = try ArticleSite.start()
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"])
            try await HTTP.with(server.baseURL) { http async throws in
                let created = try await http.send(
                    .POST, "/v1/feeds", headers: Self.basic, body: Data(#"{"feed_url":"\#(site.url("feed.xml"))"}"#.utf8))
                #expect(created.status == 201, "\(created.body)")
                let story = try await entry("Story 1", http)
                #expect(!story.content.contains("word1"))
                let fetched = try await http.send(.GET, "/v1/entries/\(story.id)/fetch-content", headers: Self.basic)
                #expect(fetched.status == 200, "\(fetched.body)")
                let content = try JSONDecoder().decode(Content.self, from: Data(fetched.body.utf8))
                #expect(content.content.contains("word1") && !content.content.contains("Home"))
                #expect(content.reading_time >= 1)
                // Kept: the entry's content is the page's text from now on.
                #expect(try await entry("Story 1", http).content.contains("word1"))
                // A page that gives none: a 400, which in the owner's private network says only that (the owner's
                // fronts and the log have the 404).
                let missing = try await entry("Story 404", http)
                let refused = try await http.send(.GET, "/v1/entries/\(missing.id)/fetch-content", headers: Self.basic)
                #expect(refused.status == 400 && refused.body.contains("private network"), "\(refused.body)")
                #expect(!refused.body.contains("404"), "\(refused.body)")
                let unknown = try await http.send(.GET, "/v1/entries/999999/fetch-content", headers: Self.basic)
                #expect(unknown.status == 404)
            }
            #expect(await server.stop() == 0)
        }

        @Test("a user cannot make the server fetch a loopback page, even of the owner's own source")
        func loopbackRefused() async throws {
            let site = try ArticleSite.start()
            let server = try await ServeProcess(prepare: Self.follow(site))
            try await HTTP.with(server.baseURL) { http async throws in
                let story = try await entry("Story 1", http)
                let fetched = try await http.send(.GET, "/v1/entries/\(story.id)/fetch-content?update_content=true", headers: Self.basic)
                #expect(fetched.status == 400, "\(fetched.body)")
                #expect(fetched.body.contains("loopback"), "\(fetched.body)")
                #expect(!(try await entry("Story 1", http).content.contains("word1")))
            }
            #expect(site.seen.map(\.path).allSatisfy { !$0.hasPrefix("/story/") }, "\(site.seen.map(\.path))")
            #expect(await server.stop() == 0)
        }

        @Test("Google Reader and Miniflux give a full-text source's articles with their pages' text")
        func contentsOfAFullTextSource() async throws {
            let site = try ArticleSite.start()
            let server = try await ServeProcess(prepare: Self.follow(site, fullText: true))
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let answer = try await http.send(
                    .GET, "/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=10", headers: auth)
                #expect(answer.status == 200, "\(answer.body)")
                let stream = try JSONDecoder().decode(Stream.self, from: Data(answer.body.utf8))
                let first = try #require(stream.items.first { $0.title == "Story 1" })
                #expect(first.summary.content.contains("word1") && !first.summary.content.contains("Read more"))
                let missing = try #require(stream.items.first { $0.title == "Story 404" })
                #expect(missing.summary.content.contains("Read more"))
                #expect(try await entry("Story 2", http).content.contains("word2"))
            }
            #expect(await server.stop() == 0)
        }
    }
}
