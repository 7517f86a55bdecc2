import Foundation
import Testing
import RssCore
import ReduxVM
import NIOHTTP1

extension ServeEndToEnd {
    /// The Google Reader stream parameters over raw HTTP: continuation paging over more than 1,000 items, the
    /// state and time filters, ids in both forms, mark-all-as-read with a time, subscriptions and the Atom form.
    @Suite("Google Reader streams", .timeLimit(.minutes(5)))
    struct GoogleReaderStreamTests {
        struct Stream: Decodable {
            struct Item: Decodable {
                let id: String
                let title: String
                let published: Int64
                let categories: [String]
            }
            let items: [Item]
            let continuation: String?
        }

        @Test("paging, filters, ids, mark-all-as-read before a time, subscribe and unsubscribe, Atom")
        func streams() async throws {
            let server = try await ServeProcess(prepare: Library.prepare)
            try await HTTP.with(server.baseURL) { http async throws in
                let auth = ["Authorization": "GoogleLogin auth=\(try #require(try await http.login()))"]
                func stream(_ path: String) async throws -> Stream {
                    let answer = try await http.send(.GET, path, headers: auth)
                    #expect(answer.status == 200, "\(path): \(answer.body.prefix(200))")
                    return try JSONDecoder().decode(Stream.self, from: Data(answer.body.utf8))
                }
                // 1,205 items, 1,000 at a time, oldest first: every item once, in order.
                var seen: [Stream.Item] = []
                var continuation: String?
                repeat {
                    let page = try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=1000&r=o" + (continuation.map { "&c=\($0)" } ?? ""))
                    seen += page.items
                    continuation = page.continuation
                } while continuation != nil
                #expect(seen.count == Library.bigCount + Library.smallCount)
                #expect(Set(seen.map(\.id)).count == seen.count)
                #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.published <= $1.published })
                // n above 1,000 is 1,000.
                #expect(try await stream("/reader/api/0/stream/contents/user/-/label/tech?n=5000").items.count == 1_000)
                // Time filters: the big feed's items are a minute apart from 1,760,000,000 down.
                let window = try await stream("/reader/api/0/stream/contents/user/-/label/tech?ot=1759999700&nt=1760000000&n=100")
                #expect(window.items.map(\.title) == ["big-1", "big-2", "big-3", "big-4", "big-5"])
                // Ids in both forms for items/contents; a star, then `it` and `xt`.
                let first = seen[0]
                let short = String(Int64(bitPattern: UInt64(first.id.suffix(16), radix: 16)!))
                let byShort = try await http.send(.POST, "/reader/api/0/stream/items/contents", headers: auth, form: "i=\(short)&i=\(HTTP.encode(seen[1].id))")
                #expect(try JSONDecoder().decode(Stream.self, from: Data(byShort.body.utf8)).items.map(\.id).sorted() == [first.id, seen[1].id].sorted())
                #expect(try await http.send(.POST, "/reader/api/0/edit-tag", headers: auth, form: "i=\(short)&a=user/-/state/com.google/starred").body == "OK")
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/starred").items.map(\.id) == [first.id])
                #expect(try await stream("/reader/api/0/stream/contents/user/-/state/com.google/reading-list?it=user/-/state/com.google/starred").items.count == 1)
                // mark-all-as-read of the tech label before a time (microseconds): only older items are read.
                #expect(try await http.send(.POST, "/reader/api/0/mark-all-as-read", headers: auth, form: "s=user/-/label/tech&ts=1759999700000000").body == "OK")
                let unreadBig = try await stream("/reader/api/0/stream/contents/user/-/label/tech?xt=user/-/state/com.google/read&n=100")
                #expect(unreadBig.items.map(\.title) == ["big-0", "big-1", "big-2", "big-3", "big-4", "big-5"])
                let read = try await stream("/reader/api/0/stream/contents/user/-/label/tech?it=user/-/state/com.google/read&n=1")
                #expect(read.items.first?.categories.contains("user/-/state/com.google/read") == true)
                // Subscribe by quickadd, see it listed, unsubscribe.
                let feed = server.directory.appendingPathComponent("feeds/small.xml").absoluteString
                let extra = try TestFeeds.write("extra", items: 2, in: server.directory)
                let added = try await http.send(.POST, "/reader/api/0/subscription/quickadd", headers: auth, form: "quickadd=\(HTTP.encode(extra.absoluteString))")
                #expect(added.body.contains("\"numResults\":1"))
                #expect(try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth).body.contains(extra.absoluteString))
                #expect(try await http.send(.POST, "/reader/api/0/subscription/edit", headers: auth, form: "ac=unsubscribe&s=feed/\(HTTP.encode(extra.absoluteString))").body == "OK")
                #expect(!(try await http.send(.GET, "/reader/api/0/subscription/list", headers: auth).body.contains(extra.absoluteString)))
                // The Atom form newsboat reads.
                let atom = try await http.send(.GET, "/reader/atom/feed%2F\(HTTP.encode(feed))?n=3", headers: auth)
                #expect(atom.status == 200 && atom.header("Content-Type")?.hasPrefix("application/atom+xml") == true)
                #expect(atom.body.components(separatedBy: "<entry ").count == 4)
                #expect(atom.body.contains("<id>tag:google.com,2005:reader/item/"))
                #expect(atom.body.contains("&lt;p&gt;Body of small number 0&lt;/p&gt;"))
            }
            #expect(await server.stop() == 0)
        }
    }
}
