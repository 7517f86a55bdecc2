import Foundation
import NIOHTTP1
import RssCore
import ReduxVM
import Testing

@testable import ServeCore
@testable import ServeFront

extension ServeEndToEnd {
    /// The Nextcloud News API over raw HTTP, for what the replayed RSS Guard does not send: Fluent Reader's and
    /// Readrops' paging by item id and `items/updated`, filters, NewsFlash's bounded folder marks, newsboat's
    /// quirks, and the refusals.
    @Suite("Nextcloud News API", .timeLimit(.minutes(5)))
    struct NextcloudAPITests {
        struct Item: Decodable {
            let id: Int64
            let guid: String
            let guidHash: String
            let title: String
            let author: String
            let body: String
            let url: String
            let feedId: Int
            let unread: Bool
            let starred: Bool
            let rtl: Bool
            let pubDate: Int64
            let lastModified: Int64
        }
        struct Items: Decodable { let items: [Item] }
        struct Feed: Decodable {
            let id: Int
            let title: String
            let folderId: Int?
            let unreadCount: Int
            let pinned: Bool
        }
        struct Feeds: Decodable {
            let feeds: [Feed]
            let starredCount: Int
            let newestItemId: Int64?
        }
        struct Folder: Decodable {
            let id: Int
            let name: String
        }
        struct Folders: Decodable { let folders: [Folder] }

        /// Requests to one API version, signed in as the test user.
        struct Client {
            let http: HTTP
            let version: String
            var auth = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]

            func send(_ method: NIOHTTP1.HTTPMethod, _ path: String, _ body: String? = nil, form: String? = nil) async throws -> HTTP.Answer {
                try await http.send(
                    method, "/index.php/apps/news/api/\(version)/\(path)", headers: auth, form: form, body: body.map { Data($0.utf8) })
            }

            func get<T: Decodable>(_ type: T.Type, _ path: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> T {
                let answer = try await send(.GET, path)
                #expect(answer.status == 200, "\(path): \(answer.body.prefix(300))", sourceLocation: sourceLocation)
                return try JSONDecoder().decode(type, from: Data(answer.body.utf8))
            }

            func items(_ query: String) async throws -> [Item] { try await get(Items.self, "items?" + query).items }

            /// Sends a change and expects 200.
            func change(_ method: NIOHTTP1.HTTPMethod, _ path: String, _ body: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let answer = try await send(method, path, body)
                #expect(answer.status == 200, "\(method) \(path): \(answer.status) \(answer.body.prefix(300))", sourceLocation: sourceLocation)
            }
        }

        @Test("paging by item id, filters, items changed since, bounded marks, newsboat's quirks and the refusals")
        func api() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            let total = Library.bigCount + Library.smallCount
            try await HTTP.with(server.baseURL) { http async throws in
                let v13 = Client(http: http, version: "v1-3")
                let v12 = Client(http: http, version: "v1-2")
                #expect(try await v13.send(.GET, "version").body == #"{"version":"28.7.0"}"#)
                #expect(try await v12.send(.GET, "status").body.contains(#""improperlyConfiguredCron":false"#))
                #expect(try await http.send(.GET, "/index.php/apps/news/api", headers: v13.auth).body.contains("v1-3"))
                // newsboat joins its URL and the path with two slashes; /apps/news/api/ is served as well.
                #expect(try await http.send(.GET, "//index.php/apps/news/api/v1-2/status", headers: v13.auth).status == 200)
                #expect(try await http.send(.GET, "/apps/news/api/v1-2/status", headers: v13.auth).status == 200)
                // Readrops signs in by reading the user's display name from Nextcloud's user API.
                let user = try await http.send(.GET, "//ocs/v1.php/cloud/users/\(ServeProcess.user)", headers: v13.auth.merging(["OCS-APIRequest": "true"]) { $1 })
                #expect(user.status == 200 && user.body.contains("<displayname>\(ServeProcess.user)</displayname>"), "\(user.body)")
                #expect(try await http.send(.GET, "/ocs/v1.php/cloud/users/bob", headers: v13.auth).status == 404)

                let feeds = try await v13.get(Feeds.self, "feeds")
                let folders = try await v13.get(Folders.self, "folders").folders
                #expect(folders.map(\.name) == ["tech"])
                let big = try #require(feeds.feeds.first { $0.title == "big" })
                let small = try #require(feeds.feeds.first { $0.title == "small" })
                #expect(big.folderId == folders[0].id && small.folderId == nil && big.unreadCount == Library.bigCount)
                #expect(feeds.starredCount == 0 && !big.pinned)

                // Fluent Reader's first sync: pages of 125 below the lowest id seen, from 2^53 - 1.
                var all: [Item] = []
                var offset: Int64 = 9_007_199_254_740_991
                while true {
                    let page = try await v13.items("getRead=true&type=3&batchSize=125&offset=\(offset)")
                    all += page
                    guard page.count == 125, let last = page.last else { break }
                    offset = last.id
                }
                #expect(all.count == total && Set(all.map(\.id)).count == total)
                #expect(zip(all, all.dropFirst()).allSatisfy { $0.id > $1.id })
                #expect(feeds.newestItemId == all.first?.id)
                #expect(all.allSatisfy { $0.guidHash == GuidHash.of($0.guid) && $0.author == "" && !$0.rtl })
                let small0 = try #require(all.first { $0.title == "small-0" })
                #expect(small0.body.contains("Body of small number 0") && small0.url == "https://example.org/small/0")
                #expect(small0.feedId == small.id && small0.pubDate == 1_760_000_000)
                // Oldest first, above an id; one request for a whole feed (newsboat, RSS Guard with -1).
                let lowest = try #require(all.last).id
                #expect(try await v13.items("oldestFirst=true&offset=\(lowest)&batchSize=3").map(\.id) == all.suffix(4).dropLast().reversed().map(\.id))
                #expect(try await v13.items("type=0&id=\(big.id)").count == Library.bigCount)
                #expect(try await v13.items("type=1&id=\(folders[0].id)&batchSize=-1").count == Library.bigCount)
                #expect(try await v13.items("type=1&id=0").map(\.title).sorted() == (0..<5).map { "small-\($0)" })
                #expect(try await v13.items("type=0&id=999999").isEmpty)

                // Marks (v1-3 by item id); `items/updated` since a moment in microseconds, then by the items' own
                // lastModified in seconds (>=).
                let since = Int64(Date().timeIntervalSince1970 * 1_000_000)
                let small1 = try #require(all.first { $0.title == "small-1" })
                try await v13.change(.POST, "items/read/multiple", #"{"itemIds":[\#(small0.id),\#(small1.id)]}"#)
                try await v13.change(.POST, "items/\(small1.id)/star")
                let changed = try await v13.get(Items.self, "items/updated?type=3&lastModified=\(since)").items
                #expect(changed.map(\.title).sorted() == ["small-0", "small-1"] && changed.allSatisfy { !$0.unread })
                #expect(changed.first { $0.title == "small-1" }?.starred == true)
                let stamp = try #require(changed.first { $0.title == "small-1" }).lastModified
                #expect(try await v13.get(Items.self, "items/updated?lastModified=\(stamp)").items.contains { $0.id == small1.id })
                #expect(try await v13.get(Items.self, "items/updated?lastModified=\(stamp + 1)").items.isEmpty)
                #expect(try await v13.items("type=2&getRead=true&batchSize=-1").map(\.title) == ["small-1"])
                #expect(try await v13.items("type=1&id=0&getRead=false").map(\.title).sorted() == ["small-2", "small-3", "small-4"])
                #expect(try await v13.get(Feeds.self, "feeds").starredCount == 1)

                // NewsFlash's folder mark with newestItemId: only items up to it.
                let bigItems = all.filter { $0.feedId == big.id }
                let middle = bigItems[100].id
                try await v13.change(.POST, "folders/\(folders[0].id)/read", #"{"newestItemId":\#(middle)}"#)
                #expect(try await v13.items("type=0&id=\(big.id)&getRead=false&batchSize=-1").map(\.id) == bigItems.prefix(100).map(\.id))
                // items/read with a bound; then everything.
                try await v12.change(.PUT, "items/read", #"{"newestItemId":\#(bigItems[10].id)}"#)
                let smallUnread = all.filter { ["small-2", "small-3", "small-4"].contains($0.title) && $0.id > bigItems[10].id }
                #expect(try await v13.items("getRead=false&batchSize=-1").count == 10 + smallUnread.count)

                // newsboat 2.21: `{}` labelled as a form, newestItemId (LONG_MAX) in the query; unread marks by id.
                try await v12.change(.PUT, "items/\(small0.id)/unread", "{}")
                let feedRead = try await v12.send(.PUT, "feeds/\(small.id)/read?newestItemId=9223372036854775807", form: "{}")
                #expect(feedRead.status == 200, "\(feedRead.body)")
                #expect(try await v13.items("type=0&id=\(small.id)&getRead=false").isEmpty)
                // v1-2 stars by feed and guid hash (RSS Guard 4.0.4 sends the feed id as a string), and newsboat
                // 2.21's raw guid; a flag edit without the star is answered 200 and changes nothing.
                let small2 = try #require(all.first { $0.title == "small-2" })
                try await v12.change(.PUT, "items/star/multiple", #"{"items":[{"feedId":"\#(small.id)","guidHash":"\#(small2.guidHash)"}]}"#)
                try await v12.change(.PUT, "items/\(small.id)/small-3/star", "{}")
                try await v12.change(.PUT, "items/\(small.id)/small-3", "{}")
                try await v12.change(.PUT, "items/\(small.id)/\(small1.guidHash)/unstar")
                #expect(try await v13.items("type=2").map(\.title).sorted() == ["small-2", "small-3"])

                // Refusals.
                #expect(try await Client(http: http, version: "v1-3", auth: ["Authorization": HTTP.basic(ServeProcess.user, "wrong password")]).send(.GET, "feeds").status == 401)
                #expect(try await v13.send(.GET, "feeds").status == 200)
                #expect(try await v13.send(.POST, "items/999999/read").status == 404)
                #expect(try await v13.send(.DELETE, "feeds/999999").status == 404)
                #expect(try await v13.send(.POST, "feeds/\(big.id)/nothing").status == 404)
                #expect(try await v13.send(.PUT, "items/999999/some-guid").status == 404)
                #expect(try await v13.send(.GET, "items/\(small0.id)/read").status == 405)
                #expect(try await v13.send(.GET, "items?type=9").status == 400)
                #expect(try await v13.send(.POST, "folders", #"{"name":"tech"}"#).status == 409)
                #expect(try await v13.send(.POST, "folders", #"{"name":"  "}"#).status == 422)
                #expect(try await v13.send(.POST, "feeds/\(big.id)/read", "{}").status == 400)
                #expect(try await v13.send(.POST, "feeds", #"{"url":"file:///etc/passwd"}"#).status == 422)
                #expect(try await v13.send(.PUT, "folders/\(folders[0].id)", #"{"nope":1"#).status == 400)
            }
            let articles = try await Library.waitFor(server.database) { $0.filter(\.isStarred).count == 2 }
            #expect(articles.filter(\.isStarred).map(\.title).sorted() == ["small-2", "small-3"])
            #expect(await server.stop() == 0)
        }

        @Test("an empty library: no newestItemId, no folders, and a folder made empty keeps its id when renamed")
        func empty() async throws {
            let server = try await ServeProcess()
            try await HTTP.with(server.baseURL) { http async throws in
                let v13 = Client(http: http, version: "v1-3")
                let feeds = try await v13.get(Feeds.self, "feeds")
                #expect(feeds.feeds.isEmpty && feeds.starredCount == 0 && feeds.newestItemId == nil)
                #expect(!(try await v13.send(.GET, "feeds").body.contains("newestItemId")))
                #expect(try await v13.send(.GET, "folders").body == #"{"folders":[]}"#)
                #expect(try await v13.send(.GET, "items").body == #"{"items":[]}"#)
                let made = try await v13.send(.POST, "folders", #"{"name":"Reading"}"#)
                let folder = try #require(try JSONDecoder().decode(Folders.self, from: Data(made.body.utf8)).folders.first)
                #expect(folder.name == "Reading")
                try await v13.change(.PUT, "folders/\(folder.id)", #"{"name":"Later"}"#)
                #expect(try await v13.get(Folders.self, "folders").folders.map { [String($0.id), $0.name] } == [[String(folder.id), "Later"]])
                try await v13.change(.DELETE, "folders/\(folder.id)")
                #expect(try await v13.get(Folders.self, "folders").folders.isEmpty)
                #expect(try await v13.send(.DELETE, "folders/\(folder.id)").status == 404)
            }
            #expect(await server.stop() == 0)
        }

        /// Guids newsboat 2.21 puts raw into its star requests' paths, through the same URL parser (libcurl, as
        /// the `curl` program): each is starred, or the answer says it was not.
        @Test("every guid round-trips through newsboat's raw star path, or the answer says it did not")
        func rawGuids() async throws {
            // QEMU's blog's guids start with a slash; the others are guids feeds have.
            let guids = [
                "/2025/08/26/qemu-10-1-0", "tag:ex.org,2025://a//b/", "https://ex.org/?p=76", "https://ex.org/a?b=1&c=2",
                "p%41q", "plain-1", "https://ex.org/post#comments",
            ]
            let server = try await ServeProcess { path in
                let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
                let items = guids.enumerated().map { index, guid in
                    let escaped = guid.replacingOccurrences(of: "&", with: "&amp;")
                    return "<item><title>g\(index)</title><guid isPermaLink=\"false\">\(escaped)</guid></item>"
                }
                let feed = directory.appendingPathComponent("guids.xml")
                try #"<?xml version="1.0"?><rss version="2.0"><channel><title>guids</title>\#(items.joined())</channel></rss>"#
                    .write(to: feed, atomically: true, encoding: .utf8)
                try await TestFeeds.follow([(feed, [])], database: path)
            }
            let items = try await HTTP.with(server.baseURL) { http async throws in
                let answer = try await http.send(
                    .GET, "/index.php/apps/news/api/v1-2/items?type=3&getRead=true&batchSize=-1",
                    headers: ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)])
                return try JSONDecoder().decode(Items.self, from: Data(answer.body.utf8)).items
            }
            #expect(Set(items.map(\.guid)) == Set(guids))
            for item in items {
                // newsboat: ocnews-url + "/index.php/apps/news/api/v1-2/" + "items/" + feed + "/" + guid + "/star".
                let url = server.baseURL + "/index.php/apps/news/api/v1-2/items/\(item.feedId)/\(item.guid)/star"
                let curl = try await ServeProcess.run(
                    ["--globoff", "--silent", "--output", "/dev/null", "--write-out", "%{http_code}", "--request", "PUT",
                     "--data", "{}", "--user", "\(ServeProcess.user):\(ServeProcess.password)", url],
                    executable: URL(fileURLWithPath: "/usr/bin/curl"), directory: server.directory)
                let starred = try await Library.articles(server.database).first { $0.itemID == item.guid }?.isStarred
                if item.guid.contains("#") {
                    // curl never sends a fragment: the server cannot know the guid, and says so.
                    #expect(curl.stdout == "404" && starred == false, "\(item.guid): \(curl.stdout)")
                } else {
                    #expect(curl.stdout == "200" && starred == true, "\(item.guid): \(curl.stdout)")
                }
            }
            #expect(await server.stop() == 0)
        }
    }
}
