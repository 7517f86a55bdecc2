import Foundation
import Testing
import RssCore
import ReduxVM

@testable import ServeCore
@testable import ServeFront

/// The forms clients name items, streams, feeds and categories by.
@Suite("Identifiers")
struct IdentifierTests {
    @Test("item ids: long and short forms name the same number, both ways", arguments: [Int64(1), 0x4d2, 1 << 40, Int64.max, -5])
    func itemIDs(number: Int64) {
        let long = ItemID.long(number)
        #expect(long.hasPrefix("tag:google.com,2005:reader/item/") && long.count == 32 + 16)
        #expect(ItemID.number(long) == number)
        #expect(ItemID.number(ItemID.short(number)) == number)
        #expect(ItemID.number(String(long.suffix(16))) == number)
    }

    @Test("item ids that are neither form are refused", arguments: ["", "1 OR 1=1", "tag:google.com,2005:reader/item/xyz", "12345678901234567890123", "0x10", "tag:google.com,2005:reader/item/0000000000000001'"])
    func badItemIDs(text: String) {
        #expect(ItemID.number(text) == nil)
    }

    @Test("stream names parse into the typed streams, and back")
    func streams() {
        #expect(StreamID("user/-/state/com.google/reading-list") == .readingList)
        #expect(StreamID("user/12345/state/com.google/starred") == .starred)
        #expect(StreamID("user/-/state/com.google/read") == .read)
        #expect(StreamID("user/-/state/com.google/kept-unread") == .unread)
        #expect(StreamID("feed/https://example.org/feed.xml?a=1") == .feed("https://example.org/feed.xml?a=1"))
        #expect(StreamID("user/-/label/Tech news") == .label("Tech news"))
        #expect(StreamID("feed/42") == .feed("42"))
        #expect(StreamID("reading-list") == .readingList)
        #expect(StreamID("user/-/state/com.google/unread") == .unread)
        for stream in [StreamID.readingList, .starred, .read, .unread, .feed("file:///x"), .feed("7"), .label("a/b")] {
            #expect(StreamID(stream.name) == stream)
        }
        for bad in ["", "feed/", "user//label/x", "user/-/label/", "user/-/state/com.google/like", "'; DROP TABLE article; --",
                    String(repeating: "x", count: 3_000), "feed/a\0b"] {
            #expect(StreamID(bad) == nil, "\(bad.prefix(30))")
        }
    }

    @Test("continuations round-trip; a made-up one reads as none, as FreshRSS ignores one it cannot read")
    func continuations() throws {
        #expect(Continuation.position("not-one") == nil)
        #expect(Continuation.position("eyJ4IjoxfQ") == nil)
    }

    @Test("request paths: repeated slashes, FreshRSS's base, Nextcloud's short form; stream names kept whole")
    func requestPaths() {
        #expect(RequestPath.normalized("//accounts/ClientLogin") == "/accounts/ClientLogin")
        #expect(RequestPath.normalized("/api/greader.php/accounts/ClientLogin") == "/accounts/ClientLogin")
        #expect(RequestPath.normalized("/p/api/greader.php//reader/api/0/tag/list") == "/reader/api/0/tag/list")
        #expect(RequestPath.normalized("/reader/api/0/stream/contents/") == "/reader/api/0/stream/contents")
        #expect(
            RequestPath.normalized("//reader/api/0/stream/contents/feed/http://host/wp/feed/") ==
                "/reader/api/0/stream/contents/feed/http://host/wp/feed/")
        #expect(RequestPath.normalized("/reader/api/0/stream/contents/feed/http://x/greader.php") == "/reader/api/0/stream/contents/feed/http://x/greader.php")
        #expect(RequestPath.normalized("/fever/") == "/fever/")
        #expect(RequestPath.normalized("/fever") == "/fever")
        #expect(RequestPath.normalized("/v1/feeds/") == "/v1/feeds")
        #expect(RequestPath.normalized("/apps/news/api/v1-2/items") == "/index.php/apps/news/api/v1-2/items")
        #expect(RequestPath.normalized("/") == "/")
        #expect(RequestPath.normalized("") == "/")
    }

    @Test("stream parameters read as FreshRSS reads them: empty or junk is absent, fractions are cut")
    func leadingIntegers() {
        #expect(StreamRequest.leadingInteger("1795000000.123") == 1_795_000_000)
        #expect(StreamRequest.leadingInteger("") == nil)
        #expect(StreamRequest.leadingInteger("abc") == nil)
        #expect(StreamRequest.leadingInteger("-5") == -5)
        #expect(StreamRequest.leadingInteger("99999999999999999999999") == Int.max)
    }
}
