import Foundation
import NIOHTTP1
import RssCore
import Testing

extension ServeEndToEnd {
    /// One story in two feeds (the second's copy with tracking parameters): apps get it once in the reading
    /// list and each feed's stream holds its own copy; a mark from an app marks both copies.
    @Suite("Each story once to apps", .timeLimit(.minutes(5)))
    struct StoryServeTests {
        static func prepare(_ path: String) async throws {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            func feed(_ name: String, _ items: [(id: String, title: String, link: String)]) throws -> URL {
                let url = directory.appendingPathComponent("\(name).xml")
                let body = items.map {
                    "<item><guid>\($0.id)</guid><title>\($0.title)</title><link>\($0.link)</link>"
                        + "<pubDate>Mon, 02 Jun 2025 10:00:00 +0000</pubDate></item>"
                }.joined()
                try "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>\(name)</title>\(body)</channel></rss>"
                    .write(to: url, atomically: true, encoding: .utf8)
                return url
            }
            let origin = try feed("origin", [("o1", "The story", "https://origin.example/story"), ("o2", "Only here", "https://origin.example/2")])
            let aggregator = try feed("aggregator", [("g1", "The story, shared", "https://origin.example/story?utm_source=agg")])
            // One after the other, so that the origin's copy is the first stored.
            try await TestFeeds.follow([(origin, [])], database: path)
            try await TestFeeds.follow([(aggregator, [])], database: path)
        }

        struct Stream: Decodable {
            struct Item: Decodable { let id: String; let title: String }
            let items: [Item]
        }

        @Test("Google Reader and Miniflux serve the story once; a mark on it marks both copies")
        func onceToApps() async throws {
            let server = try await ServeProcess(prepare: Self.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let list = try await http.send(.GET, "/reader/api/0/stream/contents/user/-/state/com.google/reading-list", headers: auth)
                let items = try JSONDecoder().decode(Stream.self, from: Data(list.body.utf8)).items
                #expect(items.map(\.title).sorted() == ["Only here", "The story"])
                let ids = try await http.send(.GET, "/reader/api/0/stream/items/ids?s=user/-/state/com.google/reading-list&output=json", headers: auth)
                #expect(ids.body.components(separatedBy: "\"id\"").count - 1 == 2, "\(ids.body)")

                let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                let entries = try await http.send(.GET, "/v1/entries", headers: basic)
                let total = try JSONSerialization.jsonObject(with: Data(entries.body.utf8)) as? [String: Any]
                #expect(total?["total"] as? Int == 2, "\(entries.body.prefix(300))")

                let story = try #require(items.first { $0.title == "The story" })
                #expect(
                    try await http.send(
                        .POST, "/reader/api/0/edit-tag", headers: auth,
                        form: "i=\(HTTP.encode(story.id))&a=user/-/state/com.google/read").body == "OK")
            }
            #expect(await server.stop() == 0)
            let unread = try await Library.articles(server.database, ArticleQuery(isRead: false))
            #expect(unread.map(\.title) == ["Only here"])
            // The aggregator's own copy, which the reading list did not show, was marked too.
            let aggregator = try #require(try await Library.sources(server.database).first { $0.title == "aggregator" })
            let copy = try await Library.articles(server.database, ArticleQuery(sourceIDs: [aggregator.id]))
            #expect(copy.map(\.title) == ["The story, shared"])
            #expect(copy.first?.isRead == true && copy.first?.otherSources.count == 1)
        }
    }
}
