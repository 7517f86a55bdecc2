import Foundation
import HTTPTypes
import Testing
import RssCore
import ReduxVM

@testable import ServeCore
@testable import ServeFront

/// The Nextcloud News API's routing table, its lenient parameters, guid hashes and `lastModified` units.
@Suite("Nextcloud News")
struct NextcloudTests {
    static func route(_ method: String, _ path: String) -> NextcloudEndpoint.Routing {
        NextcloudEndpoint.route(.init(method)!, path.split(separator: "/"))
    }

    @Test("v1-2 and v1-3 routes, marks by PUT or POST, star by item id or by feed and guid hash")
    func routes() {
        for version in ["v1-2", "v1-3"] {
            #expect(Self.route("GET", "\(version)/feeds") == .found(.feeds))
            #expect(Self.route("POST", "\(version)/feeds") == .found(.createFeed))
            #expect(Self.route("DELETE", "\(version)/feeds/7") == .found(.deleteFeed(7)))
            #expect(Self.route("GET", "\(version)/folders") == .found(.folders))
            #expect(Self.route("PUT", "\(version)/folders/3") == .found(.renameFolder(3)))
            #expect(Self.route("GET", "\(version)/items/updated") == .found(.updatedItems))
            #expect(Self.route("GET", "\(version)/feeds/update") == .found(.updateFeed))
            for method in ["PUT", "POST"] {
                #expect(Self.route(method, "\(version)/feeds/7/read") == .found(.markFeedRead(7)))
                #expect(Self.route(method, "\(version)/feeds/7/move") == .found(.moveFeed(7)))
                #expect(Self.route(method, "\(version)/feeds/7/rename") == .found(.renameFeed(7)))
                #expect(Self.route(method, "\(version)/folders/3/read") == .found(.markFolderRead(3)))
                #expect(Self.route(method, "\(version)/items/12/read") == .found(.markItem(12, .read)))
                #expect(Self.route(method, "\(version)/items/12/unstar") == .found(.markItem(12, .unstar)))
                #expect(Self.route(method, "\(version)/items/read/multiple") == .found(.markItems(.read)))
                #expect(Self.route(method, "\(version)/items/starred/multiple") == .found(.markItems(.star)))
                #expect(Self.route(method, "\(version)/items/read") == .found(.markAllRead))
                #expect(Self.route(method, "\(version)/items/7/3059047a572cd9cd5d0bf645faffd077/star")
                    == .found(.starByGuid(feed: 7, guid: "3059047a572cd9cd5d0bf645faffd077", starred: true)))
            }
        }
        // newsboat 2.21: the raw guid, slashes and escapes included, and the bare flag edit.
        #expect(Self.route("PUT", "v1-2/items/5/https:/ex.org/p/a%20b/unstar")
            == .found(.starByGuid(feed: 5, guid: "https:/ex.org/p/a%20b", starred: false)))
        #expect(Self.route("PUT", "v1-2/items/5/small-0") == .found(.flagsWithoutStar(feed: 5, guid: "small-0")))
        // Wrong methods, unknown paths and versions.
        #expect(Self.route("GET", "v1-2/items/12/read") == .wrongMethod)
        #expect(Self.route("DELETE", "v1-3/folders") == .wrongMethod)
        #expect(Self.route("GET", "v2/feeds") == .notFound)
        #expect(Self.route("GET", "v1-2/feeds/0/read") == .notFound)
        #expect(Self.route("GET", "v1-2/nothing") == .notFound)
        #expect(Self.route("PUT", "v1-2/items/x/read") == .notFound)
    }

    @Test("parameters come from the query and the body alike, JSON whatever its label, else a form")
    func parameters() throws {
        // newsboat: `{}` labelled as a form, newestItemId (C's LONG_MAX) in the query.
        let newsboat = try NextcloudParameters(
            query: "newestItemId=9223372036854775807", body: Data("{}".utf8), contentType: "application/x-www-form-urlencoded")
        #expect(try newsboat.required("newestItemId") == Int64.max)
        // RSS Guard 4.0.4: feed ids as strings in star marks; the body wins over the query.
        let json = try NextcloudParameters(
            query: "batchSize=5&getRead=false",
            body: Data(#"{"items":[{"feedId":"3","guidHash":"abc"}],"batchSize":-1,"oldestFirst":1}"#.utf8),
            contentType: "application/json; charset=utf-8")
        #expect(try json.integer("batchSize") == -1)
        #expect(try json.bool("getRead", else: true) == false)
        #expect(try json.bool("oldestFirst", else: false) == true)
        #expect(try json.list("itemIds", "items").first?.integer == nil)
        // A form, with PHP's arrays; numbers beyond 64 bits are clamped.
        let form = try NextcloudParameters(query: nil, body: Data("items[]=1&items[]=2&newestItemId=99999999999999999999".utf8), contentType: nil)
        #expect(try form.itemIDs() == [1, 2])
        #expect(try form.integer("newestItemId") == Int64.max)
        #expect(try NextcloudParameters(query: nil, body: Data(#"{"itemIds":[4,"5"]}"#.utf8), contentType: nil).itemIDs() == [4, 5])
        // Refusals.
        #expect(throws: NextcloudError.self) { try NextcloudParameters(query: nil, body: Data("{nope".utf8), contentType: nil) }
        #expect(throws: NextcloudError.self) { try NextcloudParameters(query: "getRead=maybe", body: Data(), contentType: nil).bool("getRead", else: true) }
        #expect(throws: NextcloudError.self) { try NextcloudParameters(query: "id=abc", body: Data(), contentType: nil).integer("id") }
        #expect(throws: NextcloudError.self) { try NextcloudParameters(query: nil, body: Data(#"{"items":5}"#.utf8), contentType: nil).itemIDs() }
    }

    @Test("guid hashes are News's, and a raw guid matches as it reaches the server: slashes as routed, escapes either way")
    func guidHashes() {
        #expect(GuidHash.of("http://grulja.wordpress.com/?p=76") == "3059047a572cd9cd5d0bf645faffd077")
        #expect(GuidHash.isHash(GuidHash.of("x").uppercased()) && !GuidHash.isHash("small-0"))
        let guid = "https://ex.org//p/1/"
        #expect(GuidHash.match(raw: guid, guid: guid) == .exact)
        #expect(GuidHash.match(raw: "https:/ex.org/p/1", guid: guid) == .routed)
        #expect(GuidHash.match(raw: "https:/ex.org/p/2", guid: guid) == nil)
        // A guid starting with a slash (QEMU's blog) arrives without it.
        #expect(GuidHash.match(raw: "2025/08/26/qemu-10-1-0", guid: "/2025/08/26/qemu-10-1-0") == .routed)
        // A guid's own escapes, and escapes a client added.
        #expect(GuidHash.match(raw: "p%41q", guid: "p%41q") == .exact)
        #expect(GuidHash.match(raw: "a%20b", guid: "a b") == .exact)
        #expect(GuidHash.match(raw: "p%41q", guid: "pBq") == nil)
        // A `?` ends the path: its query keeps its slashes, and the slash before it is gone.
        #expect(GuidHash.match(raw: "https:/ex.org?p=7//8", guid: "https://ex.org/?p=7//8") == .routed)
        #expect(GuidHash.match(raw: "https:/ex.org?p=7/8", guid: "https://ex.org/?p=7//8") == nil)
    }

    @Test("newsboat's raw guids in paths: a `?` cut into the query is put back, a star routed by its last segment")
    func rawGuidRoutes() {
        func route(_ path: String, query: String?) -> NextcloudEndpoint.Routing {
            NextcloudEndpoint.route(.put, path.split(separator: "/"), query: query.map { Substring($0) })
        }
        #expect(route("v1-2/items/5/x", query: "y=1/star") == .found(.starByGuid(feed: 5, guid: "x?y=1", starred: true)))
        #expect(route("v1-2/items/5/https:/ex.org", query: "p=7/unstar") == .found(.starByGuid(feed: 5, guid: "https:/ex.org?p=7", starred: false)))
        #expect(route("v1-2/items/5/x", query: "y=1") == .found(.flagsWithoutStar(feed: 5, guid: "x?y=1")))
        #expect(route("v1-2/items/5/star/star", query: nil) == .found(.starByGuid(feed: 5, guid: "star", starred: true)))
        // An item's own marks keep their meaning, whatever the query.
        #expect(route("v1-3/items/12/read", query: "x=1") == .found(.markItem(12, .read)))
    }

    @Test("lastModified is seconds up to ten digits, microseconds beyond")
    func lastModified() {
        #expect(NextcloudItemSelection.date(lastModified: 1_760_000_000) == Date(timeIntervalSince1970: 1_760_000_000))
        #expect(NextcloudItemSelection.date(lastModified: 1_760_000_000_500_000) == Date(timeIntervalSince1970: 1_760_000_000.5))
        #expect(NextcloudItemSelection.date(lastModified: 0) == Date(timeIntervalSince1970: 0))
    }
}
