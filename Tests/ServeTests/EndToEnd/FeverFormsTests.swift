import Foundation
import NIOHTTP1
import ReduxVM
import RssCore
import Testing

@testable import ServeCore
@testable import ServeFront

extension ServeEndToEnd {
    /// Every form a Fever app sends, answered in the types its parser takes: both addresses, GET and POST,
    /// urlencoded and multipart bodies, and Read You's, Readrops' and Fluent Reader's own requests.
    @Suite("Fever: every app's forms", .timeLimit(.minutes(5)))
    struct FeverFormsTests {
        static let key = [("api_key", FeverLibrary.key)]
        static let total = FeverLibrary.techCount + FeverLibrary.smallCount

        @Test("both addresses, with and without their slash, by GET and POST, with urlencoded and multipart bodies")
        func addresses() async throws {
            let server = try await ServeProcess(prepare: FeverLibrary.prepare)
            try await FeverLibrary.turnOn(server)
            let transports: [FeverReplay.Transport] = [
                .init(path: "/fever/", method: "POST", body: "urlencoded"),
                .init(path: "/fever", method: "POST", body: "multipart"),
                .init(path: "/api/fever.php", method: "GET", body: "urlencoded"),
                .init(path: "/api/fever.php/", method: "POST", body: "multipart"),
            ]
            for (index, transport) in transports.enumerated() {
                let device = try await FeverReplay(server, device: "device\(index)", transport: transport).run("sync")
                #expect(device.items.count == Self.total, "\(transport)")
                #expect(device.requests.allSatisfy { $0.status == 200 }, "\(transport)")
            }
            #expect(await server.stop() == 0)
        }

        @Test("pages of items as Read You, Readrops and Fluent Reader ask for them; several members in one answer")
        func reads() async throws {
            let server = try await ServeProcess(prepare: FeverLibrary.prepare)
            try await FeverLibrary.turnOn(server)
            try await HTTP.with(server.baseURL) { http async throws in
                // Read You: `api=`, since_id empty on the first sync, then the last id until a page is short.
                let first = try await http.fever(.POST, "/fever/?api=&items&since_id=", fields: Self.key)
                let page = try first.decode(Items.self)
                #expect(page.total_items == Self.total)
                #expect(page.items.count == 50 && first.itemIDs == first.itemIDs.sorted())
                let last = try #require(first.itemIDs.last)
                let second = try await http.fever(.POST, "/fever/?api=&items&since_id=\(last)", fields: Self.key)
                #expect(second.itemIDs.count == Self.total - 50 && second.itemIDs.allSatisfy { $0 > last })
                #expect(
                    try await http.fever(
                        .POST, "/fever/?api=&items&since_id=\(second.itemIDs.last ?? 0)", fields: Self.key
                    ).itemIDs.isEmpty)
                let everything = first.itemIDs + second.itemIDs
                // Readrops: no `api` at all, FreshRSS's address with its slash, multipart, max_id from the top.
                let readrops = try await http.fever(
                    .POST, "/api/fever.php/?items&max_id=2147483647", fields: Self.key, multipart: true)
                #expect(readrops.itemIDs == Array(everything.reversed().prefix(50)))
                // Fluent Reader: max_id 2^53-1, then the lowest id it got.
                let fluent = try await http.fever(.POST, "/fever/?api&items&max_id=9007199254740991", fields: Self.key)
                #expect(fluent.itemIDs == readrops.itemIDs)
                let older = try await http.fever(
                    .POST, "/fever/?api&items&max_id=\(fluent.itemIDs.last ?? 0)", fields: Self.key)
                #expect(older.itemIDs == Array(everything.reversed().dropFirst(50)))
                #expect(
                    try await http.fever(.POST, "/fever/?api&items&max_id=0", fields: Self.key).itemIDs
                        == readrops.itemIDs)
                // with_ids: those asked, at most 50, in the order asked.
                let asked = everything.reversed().map(String.init).joined(separator: ",")
                let byID = try await http.fever(.POST, "/fever/?api&items&with_ids=\(asked)", fields: Self.key)
                #expect(byID.itemIDs == Array(everything.reversed().prefix(50)))
                // A feed's items only (undocumented, as FreshRSS reads it).
                let feeds = try await http.fever(.POST, "/fever/?api&feeds", fields: Self.key).decode(Feeds.self)
                let small = try #require(feeds.feeds.first { $0.title == "small" })
                let smallItems = try await http.fever(.POST, "/fever/?api&items&feed_ids=\(small.id)", fields: Self.key)
                    .decode(Items.self)
                #expect(Set(smallItems.items.map(\.title)) == Set((0..<FeverLibrary.smallCount).map { "small-\($0)" }))
                #expect(smallItems.items.map(\.id) == smallItems.items.map(\.id).sorted())
                #expect(
                    smallItems.items.allSatisfy {
                        $0.feed_id == small.id && $0.is_read == 0 && $0.is_saved == 0 && !$0.html.isEmpty
                    })
                // Every member at once, `api=xml` answered in JSON, the key in the query string and in capitals.
                let all = try await http.fever(
                    .GET,
                    "/fever/?api=xml&groups&feeds&favicons&links&unread_item_ids&saved_item_ids&api_key=\(FeverLibrary.key.uppercased())"
                )
                #expect(
                    all.headers.first { $0.0.lowercased() == "content-type" }?.1.hasPrefix("application/json") == true)
                let members = try all.decode(Everything.self)
                #expect(members.auth == 1 && members.api_version == 3 && members.last_refreshed_on_time > 1_700_000_000)
                #expect(members.groups.map(\.title) == ["tech", "Uncategorized"])
                #expect(
                    Set(members.feeds_groups.flatMap { $0.feed_ids.split(separator: ",") }.map(String.init))
                        == Set(members.feeds.map { String($0.id) }))
                #expect(members.favicons.isEmpty && members.links.isEmpty)
                #expect(members.unread_item_ids == everything.map(String.init).joined(separator: ","))
                #expect(members.saved_item_ids == "")
                #expect(members.feeds.allSatisfy { $0.favicon_id == 0 && $0.is_spark == 0 && !$0.url.isEmpty })
            }
            #expect(await server.stop() == 0)
        }

        @Test(
            "marks in the query or the body: items set (not toggled), groups by tag, untagged and Kindling, before as stored time"
        )
        func marks() async throws {
            let server = try await ServeProcess(prepare: FeverLibrary.prepare)
            try await FeverLibrary.turnOn(server)
            let articles = try await Library.articles(server.database)
            let numbers = Dictionary(articles.map { ($0.title, $0.number) }, uniquingKeysWith: { first, _ in first })
            let tech0 = try #require(numbers["tech-0"])
            try await HTTP.with(server.baseURL) { http async throws in
                // Read You and Readrops put the mark in the query; the answer is the base object (as Miniflux's).
                let read = try await http.fever(.POST, "/fever/?api=&mark=item&as=read&id=\(tech0)", fields: Self.key)
                #expect(read.json["auth"] as? Int == 1 && read.json["unread_item_ids"] == nil)
                let lists = try await http.fever(.POST, "/fever/?api=&unread_item_ids", fields: Self.key)
                let unread = try lists.decode(Lists.self).unread_item_ids ?? "?"
                #expect(!unread.split(separator: ",").contains(Substring(String(tech0))))
                #expect(unread.split(separator: ",").count == Self.total - 1)
                // Fluent Reader puts it in the body; saved twice stays saved.
                for _ in 0..<2 {
                    let saved = try await http.fever(
                        .POST, "/fever/?api",
                        fields: Self.key + [("mark", "item"), ("as", "saved"), ("id", String(tech0))])
                    #expect(try saved.decode(Lists.self).saved_item_ids == String(tech0))
                }
                let groups = try await http.fever(.POST, "/fever/?api&groups", fields: Self.key).decode(Groups.self)
                let tech = try #require(groups.groups.first { $0.title == "tech" }).id
                // A group read before a time long past: nothing was stored then, so nothing is marked.
                _ = try await http.fever(
                    .POST, "/fever/?api",
                    fields: Self.key + [("mark", "group"), ("as", "read"), ("id", "0"), ("before", "1000")])
                #expect(try await Library.articles(server.database).filter(\.isRead).map(\.title) == ["tech-0"])
                // Unknown things and Sparks: answered, nothing marked.
                for (kind, id) in [("item", "999999"), ("feed", "999999"), ("group", "-1"), ("group", "424242")] {
                    let answer = try await http.fever(
                        .POST, "/fever/?api",
                        fields: Self.key + [("mark", kind), ("as", "read"), ("id", id), ("before", "9223372036854775")])
                    #expect(answer.status == 200 && answer.json["auth"] as? Int == 1, "\(kind) \(id)")
                }
                #expect(try await Library.articles(server.database).filter(\.isRead).map(\.title) == ["tech-0"])
                // The tag's group with Read You's "everything" (2^63/1000 seconds).
                // The answer lists the unread ids left: the untagged feed's.
                let tagRead = try await http.fever(
                    .POST, "/fever/?api=&mark=group&as=read&id=\(tech)&before=9223372036854775", fields: Self.key)
                let left = try tagRead.decode(Lists.self).unread_item_ids?.split(separator: ",").compactMap {
                    Int64($0)
                }
                let afterTag = try await Library.articles(server.database)
                #expect(Set(left ?? []) == Set(afterTag.filter { $0.title.hasPrefix("small-") }.map(\.number)))
                #expect(afterTag.filter { $0.title.hasPrefix("tech-") }.allSatisfy { $0.isRead })
                #expect(afterTag.filter { $0.title.hasPrefix("small-") }.allSatisfy { !$0.isRead })
                // The untagged feeds' group, up to now.
                let now = Int(Date().timeIntervalSince1970) + 1
                _ = try await http.fever(
                    .POST, "/fever/?api",
                    fields: Self.key + [
                        ("mark", "group"), ("as", "read"), ("id", "2147483647"), ("before", String(now)),
                    ])
                #expect(try await Library.articles(server.database).allSatisfy { $0.isRead })
                // Unread and unsaved again.
                _ = try await http.fever(
                    .POST, "/fever/?api",
                    fields: Self.key + [("mark", "item"), ("as", "unread"), ("id", String(tech0))], multipart: true)
                let unsaved = try await http.fever(
                    .POST, "/fever/?api",
                    fields: Self.key + [("mark", "item"), ("as", "unsaved"), ("id", String(tech0))])
                #expect(try unsaved.decode(Lists.self).saved_item_ids == "")
                let final = try await Library.articles(server.database)
                #expect(final.filter { !$0.isRead }.map(\.title) == ["tech-0"])
                #expect(final.allSatisfy { !$0.isStarred })
                // Kindling, everything up to now.
                _ = try await http.fever(
                    .POST, "/fever/?api",
                    fields: Self.key + [("mark", "group"), ("as", "read"), ("id", "0"), ("before", String(now))])
                #expect(try await Library.articles(server.database).allSatisfy { $0.isRead })
            }
            #expect(await server.stop() == 0)
        }

        struct Item: Decodable {
            let id: Int
            let feed_id: Int
            let title: String
            let author: String
            let html: String
            let url: String
            let is_saved: Int
            let is_read: Int
            let created_on_time: Int
        }

        struct Items: Decodable {
            let total_items: Int
            let items: [Item]
        }

        struct Group: Decodable {
            let id: Int
            let title: String
        }

        struct Groups: Decodable {
            let groups: [Group]
        }

        struct Feed: Decodable {
            let id: Int
            let favicon_id: Int
            let title: String
            let url: String
            let site_url: String
            let is_spark: Int
            let last_updated_on_time: Int
        }

        struct Feeds: Decodable {
            let feeds: [Feed]
        }

        struct FeedsGroup: Decodable {
            let group_id: Int
            let feed_ids: String
        }

        struct Everything: Decodable {
            let api_version: Int
            let auth: Int
            let last_refreshed_on_time: Int
            let groups: [Group]
            let feeds: [Feed]
            let feeds_groups: [FeedsGroup]
            let favicons: [Int]
            let links: [Int]
            let unread_item_ids: String
            let saved_item_ids: String
        }

        struct Lists: Decodable {
            let unread_item_ids: String?
            let saved_item_ids: String?
        }
    }
}
