@testable import FeedParser
import Foundation
import Testing

/// Pins the identity rule: these values are stored in databases, so they must never change. The golden hashes
/// were cross-checked with an independent Python implementation of the documented rule.
@Suite("item identity")
struct IdentityTests {
    @Test(arguments: [
        ("https://example.com/a", "Hello", nil, "hash:299eb5e9c386bc1d"),
        ("https://EXAMPLE.com/a", "  Hello \n world ", nil, "hash:8b20d8f6a9868b55"),
        (nil, "Only a title", nil, "hash:a4704d0641337d50"),
        (nil, nil, "https://cdn.example.com/ep1.mp3", "hash:f6cc6b97017474e1"),
        (nil, nil, nil, "hash:08547e07b5084555"),
    ] as [(String?, String?, String?, String)])
    func golden(_ link: String?, _ title: String?, _ enclosure: String?, _ expected: String) {
        #expect(ItemIdentity.hashID(link: link, title: title, enclosureURL: enclosure) == expected)
    }

    @Test func fnvKnownVectors() {
        var empty = FNV1a64()
        empty.combine([])
        #expect(empty.hex == "cbf29ce484222325")
        var a = FNV1a64()
        a.combine(Array("a".utf8))
        #expect(a.hex == "af63dc4c8601ec8c")
        var foobar = FNV1a64()
        foobar.combine(Array("foobar".utf8))
        #expect(foobar.hex == "85944171f73967e8")
    }

    @Test func normalisation() {
        #expect(ItemIdentity.normalizedLink(" HTTPS://Example.COM/Path?Q#F ") == "https://example.com/Path?Q#F")
        #expect(ItemIdentity.normalizedTitle("  a \t b\n\nc ") == "a b c")
    }

    @Test func reDatedItemKeepsItsID() throws {
        let before = try Feeds.parse("<rss><channel><item><title>T</title><link>http://x/1</link><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item></channel></rss>")
        let after = try Feeds.parse("<rss><channel><item><title>T</title><link>http://x/1</link><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item></channel></rss>")
        #expect(before.items[0].id == after.items[0].id)
        #expect(before.items[0].idKind == .hash)
        let retitled = try Feeds.parse("<rss><channel><item><title>T2</title><link>http://x/1</link></item></channel></rss>")
        #expect(retitled.items[0].id != before.items[0].id)
    }

    @Test func publisherIDsWinAndAreVerbatim() throws {
        let rss = try Feeds.parse("<rss><channel><item><guid isPermaLink=\"false\"> abc-1 </guid><link>http://x/1</link></item></channel></rss>")
        #expect(rss.items[0].id == "abc-1")
        #expect(rss.items[0].idKind == .guid)
        let atom = try Feeds.parse("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:base=\"http://x/\"><entry><id>/relative/id</id></entry></feed>")
        #expect(atom.items[0].id == "/relative/id")
        #expect(atom.items[0].idKind == .atomID)
        let json = try Feeds.parse("{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"J\",\"items\":[{\"id\":42}]}")
        #expect(json.items[0].id == "42")
        #expect(json.items[0].idKind == .jsonID)
        let rdf = try Feeds.parse("<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns=\"http://purl.org/rss/1.0/\"><item rdf:about=\"http://x/a\"><title>A</title></item></rdf:RDF>")
        #expect(rdf.items[0].id == "http://x/a")
        #expect(rdf.items[0].idKind == .rdfAbout)
    }

    /// Rule 3: golden values from the same independent Python implementation of the documented rule.
    @Test(arguments: [
        ("Backup finished", nil, 1_704_103_200, "hash:6e3f64b83c5eb17f"),
        ("Backup \n finished", "<p>Details</p>", nil, "hash:f8fc202a1b99d78a"),
        (nil, nil, 1_704_103_200, "hash:c13431af538a1365"),
        (nil, nil, nil, "hash:08547e07b5084555"),
    ] as [(String?, String?, Int?, String)])
    func bareItemGolden(_ summary: String?, _ content: String?, _ seconds: Int?, _ expected: String) {
        let date = seconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        #expect(ItemIdentity.hashID(link: nil, title: nil, enclosureURL: nil, summary: summary, contentHTML: content,
                                    date: date) == expected)
    }

    @Test func contentAndDateNeverChangeTheHashOfAnItemWithLinkTitleOrEnclosure() {
        let date = Date(timeIntervalSince1970: 1_704_103_200)
        #expect(ItemIdentity.hashID(link: "https://example.com/a", title: "Hello", enclosureURL: nil,
                                    summary: "s", contentHTML: "c", date: date) == "hash:299eb5e9c386bc1d")
        #expect(ItemIdentity.hashID(link: nil, title: "Only a title", enclosureURL: nil, summary: "s",
                                    date: date) == "hash:a4704d0641337d50")
        #expect(ItemIdentity.hashID(link: nil, title: nil, enclosureURL: "https://cdn.example.com/ep1.mp3",
                                    contentHTML: "c") == "hash:f6cc6b97017474e1")
    }

    @Test func bareItemsAreToldApartByContentAndDate() throws {
        let data = Feeds.rss(items: """
            <item><description>Backup finished</description><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate></item>
            <item><description>Backup finished</description><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
            <item><description>Disk almost full</description><pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate></item>
            """)
        let first = try FeedParser().parse(data)
        let again = try FeedParser().parse(data)
        #expect(Set(first.items.map(\.id)).count == 3)
        #expect(first.items.map(\.id) == again.items.map(\.id))
        #expect(first.items.allSatisfy { $0.idKind == .hash })
        #expect(first.items[0].id == "hash:6e3f64b83c5eb17f")
        #expect(!first.warnings.contains { $0.reason.contains("id already used") })
    }

    @Test func theHashReadsTheTitleAsGivenNotItsPlainText() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="html">&lt;b&gt;Slack&lt;/b&gt; is  down</title>
            <link href="https://status.example/1"/></entry></feed>
            """)
        let item = try #require(feed.items.first)
        #expect(item.title == "Slack is down")
        #expect(item.id == ItemIdentity.hashID(link: "https://status.example/1", title: "<b>Slack</b> is  down",
                                               enclosureURL: nil))
    }

    @Test func emptyGuidFallsBackToHash() throws {
        let feed = try Feeds.parse("<rss><channel><item><guid>  </guid><title>T</title></item></channel></rss>")
        #expect(feed.items[0].idKind == .hash)
    }
}
