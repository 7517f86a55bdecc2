import Foundation
import LoopbackServers
import Testing
@testable import RssCore
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// The Google Reader stream parameters over raw HTTP, as FreshRSS reads them: paging by continuation over
    /// more than 1,000 items in the order the server stored them, `ot`/`nt` on the storage time (and on the
    /// mark's time for the streams of a mark), lenient numbers, ids in both forms, mark-all-as-read up to a
    /// storage time, feeds named `feed/NUMBER`, subscriptions and the Atom form.
    @Suite("Google Reader streams", .timeLimit(.minutes(5)))
    struct GoogleReaderStreamTests {
        struct Stream: Decodable {
            struct Item: Decodable {
                let id: String
                let title: String
                let published: Int64
                let crawlTimeMsec: String
                let categories: [String]
                let origin: Origin
            }
            struct Origin: Decodable {
                let streamId: String
            }
            let items: [Item]
            let continuation: String?
        }

        struct Subscriptions: Decodable {
            struct Subscription: Decodable {
                let id: String
                let title: String
                let url: String
            }
            let subscriptions: [Subscription]
        }

        @Test("paging, time filters, lenient numbers, ids, marks, mark-all-as-read up to a time, Atom")
        func streams() async throws {
            let beforeLibrary = Int(Date().timeIntervalSince1970) - 1
            let server = try await ServeProcess(prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                func stream(_ path: String) async throws -> Stream {
                    let answer = try await http.send(.GET, path, headers: auth)
                    #expect(answer.status == 200, "\(path): \(answer.body.prefix(200))")
                    return try JSONDecoder().decode(Stream.self, from: Data(answer.body.utf8))
                }
                // 1,205 items, 1,000 at a time, in the order stored (oldest first): every item once.
                var seen: [Stream.Item] = []
                var continuation: String?
                repeat {
                    let page = try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=1000&r=o" + (continuation.map { "&c=\($0)" } ?? ""))
                    seen += page.items
                    continuation = page.continuation
                } while continuation != nil
                #expect(seen.count == Library.bigCount + Library.smallCount)
                #expect(Set(seen.map(\.id)).count == seen.count)
                #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.id < $1.id })
                // Each feed's items were stored in the feed's order (the two feeds were fetched at once).
                #expect(seen.filter { $0.title.hasPrefix("small-") }.map(\.title) == (0..<Library.smallCount).map { "small-\($0)" })
                // Newest stored first by default; n above 1,000 is 1,000, and n of 0 or less is the largest page.
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?n=5000").items.count == 1_000)
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?n=0").items.count == 1_000)
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?n=-5").items.count == 1_000)
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=2").items.map(\.id) == seen.suffix(2).reversed().map(\.id))
                // Bare, with a trailing slash, `reading-list` alone, and an empty `ot`: the reading list.
                #expect(try await stream("/reader/api/0/stream/contents?n=3&ot=").items.count == 3)
                #expect(try await stream("/reader/api/0/stream/contents/?n=3").items.count == 3)
                #expect(try await stream("/reader/api/0/stream/contents/reading-list?n=3").items.count == 3)
                // `ot`/`nt` bound the storage time: the whole library was stored after `beforeLibrary`.
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?ot=\(beforeLibrary)&n=1000").items.count == 1_000)
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?ot=\(beforeLibrary + 3_600)").items.isEmpty)
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?nt=\(beforeLibrary)").items.isEmpty)
                // An older NetNewsWire's fraction is cut.
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?ot=\(beforeLibrary).123&n=1").items.count == 1)
                // Ids in both forms for items/contents; a star, then `it` and `xt`.
                let first = seen[0]
                let short = String(Int64(bitPattern: UInt64(first.id.suffix(16), radix: 16)!))
                let byShort = try await http.send(.POST, "/reader/api/0/stream/items/contents", headers: auth, form: "i=\(short)&i=\(HTTP.encode(seen[1].id))")
                #expect(try JSONDecoder().decode(Stream.self, from: Data(byShort.body.utf8)).items.map(\.id).sorted() == [first.id, seen[1].id].sorted())
                let markedAt = Int(Date().timeIntervalSince1970) - 1
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: "i=\(short)&a=user/-/state/com.google/starred&a=user/-/state/com.google/read").body == "OK")
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/starred").items.map(\.id) == [first.id])
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?it=user/-/state/com.google/starred").items.count == 1)
                // The streams of a mark bound the mark's time: read a moment ago, stored long before.
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/read?ot=\(markedAt)").items.map(\.id) == [first.id])
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?it=user/-/state/com.google/read&ot=\(markedAt)").items.map(\.id) == [first.id])
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/read?ot=\(markedAt + 3_600)").items.isEmpty)
                // An item's times are its storage time, and its feed is `feed/NUMBER`; no kept-unread category.
                let page = try await stream("/reader/api/0/stream/contents/user/-/label/tech?n=1")
                let item = try #require(page.items.first)
                #expect((Int(item.crawlTimeMsec) ?? 0) / 1_000 >= beforeLibrary)
                #expect(item.origin.streamId.hasPrefix("feed/") && Int(item.origin.streamId.dropFirst(5)) != nil)
                #expect(!item.categories.contains { $0.hasSuffix("kept-unread") })
                // A `ts` that is not a time is refused, as FreshRSS refuses it, and marks nothing.
                let unreadBefore = try await http.send(.GET, "/reader/api/0/unread-count?output=json", headers: auth).body
                for ts in ["abc", "-1", "", "12abc", "1e9", " "] {
                    let refused = try await http.send(.POST, "/reader/api/0/mark-all-as-read", headers: auth, form: "s=user/-/state/com.google/reading-list&ts=\(HTTP.encode(ts))")
                    #expect(refused.status == 400, "ts=\(ts): \(refused.status) \(refused.body)")
                }
                #expect(try await http.send(.GET, "/reader/api/0/unread-count?output=json", headers: auth).body == unreadBefore)
                #expect(unreadBefore.hasPrefix("{\"max\":") && !unreadBefore.hasPrefix("{\"max\":0,"))
                // mark-all-as-read of the tech label up to a storage time: before the library, nothing; now, all.
                #expect(try await http.send(.POST, "/reader/api/0/mark-all-as-read", headers: auth, form: "s=user/-/label/tech&ts=\(beforeLibrary)000000").body == "OK")
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?xt=user/-/state/com.google/read&n=1000").items.count == 1_000)
                #expect(try await http.send(.POST, "/reader/api/0/mark-all-as-read", headers: auth, form: "s=user/-/label/tech&ts=\(Int(Date().timeIntervalSince1970) + 1)000000").body == "OK")
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?xt=user/-/state/com.google/read&n=1000").items.isEmpty)
                // The Atom form newsboat reads, of a feed named by its number and by its address.
                let lists = try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth)
                let subscriptions = try JSONDecoder().decode(Subscriptions.self, from: Data(lists.body.utf8)).subscriptions
                let small = try #require(subscriptions.first { $0.title == "small" })
                for name in [small.id, "feed/" + small.url] {
                    let atom = try await http.send(.GET, "/reader/atom/\(HTTP.encode(name))?n=3", headers: auth)
                    #expect(atom.status == 200 && atom.header("Content-Type")?.hasPrefix("application/atom+xml") == true)
                    #expect(atom.body.components(separatedBy: "<entry ").count == 4)
                    #expect(atom.body.contains("<id>tag:google.com,2005:reader/item/"))
                    #expect(atom.body.contains("&lt;p&gt;Body of small number 4&lt;/p&gt;"))
                }
            }
            #expect(await server.stop() == 0)
        }

        @Test("feeds are feed/NUMBER; quickadd, edit and unsubscribe by number or address; lists answer 304 while unchanged")
        func subscriptions() async throws {
            let feedServer = try LoopbackFeedServer { request in
                request.path.hasPrefix("/blog/")
                    ? .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text("wp", items: 3).utf8))
                    : .init(status: 404)
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"], prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                // A WordPress address, with `/feed/` in it and a query with `&`, `+` and `=`.
                let address = feedServer.url("blog/feed/?a=1&b=2+3")
                let added = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(address))")
                struct Added: Decodable {
                    let numResults: Int
                    let streamId: String?
                }
                let result = try JSONDecoder().decode(Added.self, from: Data(added.body.utf8))
                #expect(result.numResults == 1, "\(added.body)")
                let id = try #require(result.streamId)
                #expect(id.hasPrefix("feed/") && Int(id.dropFirst(5)) != nil)
                let list = try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth)
                let etag = try #require(list.header("ETag"))
                #expect(try JSONDecoder().decode(Subscriptions.self, from: Data(list.body.utf8)).subscriptions.contains { $0.id == id && $0.url == address })
                // Unchanged: 304 to the same ETag; renamed (by the number, as NetNewsWire sends it unencoded): 200.
                #expect(try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth.merging(["If-None-Match": etag]) { $1 }).status == 304)
                #expect(try await http.send(.POST, "/reader/api/0/subscription/edit", headers: auth, form: "ac=edit&s=\(id)&t=WordPress").body == "OK")
                let renamed = try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth.merging(["If-None-Match": etag]) { $1 })
                #expect(renamed.status == 200 && renamed.body.contains("WordPress"))
                // Read You's form: every `feed/` removed from the id, then one put back.
                #expect(try await http.send(.POST, "/reader/api/0/subscription/edit", headers: auth, form: "ac=edit&s=feed/\(id.dropFirst(5))&a=user/-/label/blogs").body == "OK")
                let tags = try await http.send(.GET, "/reader/api/0/tag/list", headers: auth)
                #expect(tags.body.contains("user/-/label/blogs") && tags.header("ETag") != nil)
                // Unsubscribed by its number.
                #expect(try await http.send(.POST, "/reader/api/0/subscription/edit", headers: auth, form: "ac=unsubscribe&s=\(id)").body == "OK")
                #expect(!(try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth).body.contains(address)))
                // A page that is no feed: numResults 0 and why.
                let none = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(feedServer.url("missing")))")
                #expect(none.body.contains("\"numResults\":0") && none.body.contains("\"error\""))
            }
            #expect(await server.stop() == 0)
        }

        @Test("OPML: import follows the feeds (under the server's policy), export lists them with their labels")
        func opml() async throws {
            let feedServer = try LoopbackFeedServer { request in
                .init(status: 200, headers: ["Content-Type": "application/rss+xml"], body: Data(TestFeeds.text(String(request.path.dropFirst()), items: 2).utf8))
            }
            let server = try await ServeProcess(arguments: ["--allow-private", "127.0.0.1/32"], prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let opml = """
                    <?xml version="1.0"?><opml version="2.0"><head><title>mine</title></head><body>
                    <outline text="Blogs"><outline type="rss" text="one" xmlUrl="\(feedServer.url("one"))"/></outline>
                    <outline type="rss" text="two" xmlUrl="\(feedServer.url("two"))"/>
                    <outline type="rss" text="secret" xmlUrl="file:///etc/passwd"/>
                    </body></opml>
                    """
                let imported = try await http.send(.POST, "/api/greader.php/reader/api/0/subscription/import", headers: auth.merging(["Content-Type": "text/xml"]) { $1 }, body: Data(opml.utf8))
                // FreshRSS's `OK`, then the feed not followed, and why.
                #expect(imported.status == 200, "\(imported.body)")
                #expect(imported.body == "OK\nfile:///etc/passwd: file addresses are not allowed here (use http or https)", "\(imported.body)")
                #expect(try await http.send(.POST, "/reader/api/0/subscription/import", headers: auth, body: Data("not opml".utf8)).status == 400)
                let exported = try await http.send(.GET, "/reader/api/0/subscription/export", headers: auth)
                #expect(exported.status == 200 && exported.body.contains("<opml"))
                #expect(exported.body.contains(feedServer.url("one")) && exported.body.contains(feedServer.url("two")))
                #expect(exported.body.contains("Blogs") && !exported.body.contains("/etc/passwd"))
            }
            let sources = try await Library.sources(server.database)
            #expect(sources.map(\.url.absoluteString).sorted().filter { $0.hasPrefix("http") } == [feedServer.url("one"), feedServer.url("two")])
            #expect(sources.filter { $0.url.scheme == "http" }.allSatisfy { $0.addressPolicy != .unrestricted })
            #expect(await server.stop() == 0)
        }

        /// The forms of a loopback address the resolver reads (`inet_aton`) are judged when the feed is added, as
        /// quickadd judges them, and each API's import says, feed by feed, what it refused.
        @Test("OPML import refuses every form of a loopback address when it is added, and says which and why")
        func opmlRefusals() async throws {
            let server = try await ServeProcess()
            let forms = ["http://2130706433/feed", "http://0x7f.1/feed", "http://127.1/feed", "http://017700000001/feed", "http://[::1]/feed"]
            func document(_ addresses: [String]) -> Data {
                let outlines = addresses.map { #"<outline type="rss" text="x" xmlUrl="\#($0)"/>"# }.joined()
                return Data(#"<?xml version="1.0"?><opml version="2.0"><body>\#(outlines)</body></opml>"#.utf8)
            }
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                let greader = try await http.send(.POST, "/reader/api/0/subscription/import", headers: auth, body: document(forms))
                #expect(greader.status == 400, "\(greader.body)")
                let reason = try #require(try JSONSerialization.jsonObject(with: Data(greader.body.utf8)) as? [String: String])["error_message"]
                for form in forms { #expect(reason?.contains(form + ": an address of this machine (loopback)") == true, "\(form): \(greader.body)") }
                let basic = ["Authorization": HTTP.basic(ServeProcess.user, ServeProcess.password)]
                let miniflux = try await http.send(.POST, "/v1/import", headers: basic, body: document(forms))
                #expect(miniflux.status == 400 && miniflux.body.contains("5 feeds were not followed"), "\(miniflux.body)")
                // One public address among them: followed (its fetch fails here, offline), the others named.
                let mixed = try await http.send(.POST, "/v1/import", headers: basic, body: document(["http://93.184.215.14/feed"] + forms.prefix(2)))
                #expect(mixed.status == 201, "\(mixed.body)")
                #expect(mixed.body.contains("1 followed") && mixed.body.contains("2 feeds were not followed"), "\(mixed.body)")
                // Nothing refused was stored, so nothing blocks a later add of the same address.
                let quickadd = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(forms[0]))")
                #expect(quickadd.body.contains("loopback") && !quickadd.body.contains("already"), "\(quickadd.body)")
            }
            #expect(try await Library.sources(server.database).map(\.url.absoluteString) == ["http://93.184.215.14/feed"])
            #expect(await server.stop() == 0)
        }
    }
}
