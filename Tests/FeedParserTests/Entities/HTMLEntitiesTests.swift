import FeedParser
import Foundation
import Testing

@Suite("HTML entities")
struct HTMLEntitiesTests {
    @Test(arguments: [
        ("&amp;&lt;&gt;&quot;&apos;", "&<>\"'"),
        ("caf&eacute; &nbsp;x", "café \u{A0}x"),
        ("&#233;&#xE9;&#XE9;", "ééé"),
        ("&#146;", "\u{2019}"),
        ("&#0;&#xD800;&#x110000;", "\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("AT&T &unknown; & a&b", "AT&T &unknown; & a&b"),
        ("&NotNestedGreaterGreater;", "\u{2AA2}\u{338}"),
        ("&#38;#38;", "&#38;"),
    ])
    func decode(_ input: String, _ expected: String) {
        #expect(HTMLEntities.decode(input) == expected)
    }

    @Test func lookup() {
        #expect(HTMLEntities.character(named: "hellip") == "…")
        #expect(HTMLEntities.character(named: "Hellip") == nil)
    }

    @Test func feedsMayUseHTMLEntitiesWithoutADTD() throws {
        let feed = try Feeds.parse("<rss><channel><title>a&nbsp;b &mdash; c &amp; d &bogus; e & f</title></channel></rss>")
        #expect(feed.title == "a\u{A0}b — c & d &bogus; e & f")
    }

    @Test func cdataIsNotDecoded() throws {
        let feed = try Feeds.parse("<rss><channel><item><description><![CDATA[<p>&nbsp;x</p>]]></description></item></channel></rss>")
        #expect(feed.items.first?.summary == "<p>&nbsp;x</p>")
    }
}
