import FeedParser
import Foundation
import Testing

@Suite("format mapping")
struct MappingTests {
    @Test func rss20WithNamespaces() throws {
        let feed = try Feeds.parse("""
        <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"
             xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"
             xmlns:atom="http://www.w3.org/2005/Atom">
        <channel>
          <title>Show</title><link>https://show.example/</link><description>About</description><language>en-us</language>
          <lastBuildDate>Wed, 02 Oct 2002 13:00:00 +0200</lastBuildDate>
          <itunes:image href="https://show.example/cover.jpg"/>
          <atom:link rel="self" href="https://show.example/feed"/>
          <item>
            <title>Episode 1</title>
            <guid isPermaLink="false">ep-1</guid>
            <atom:link href="https://show.example/1"/>
            <dc:creator>Jane Doe</dc:creator>
            <pubDate>Wed, 02 Oct 2002 08:00:00 EST</pubDate>
            <description>Short</description>
            <content:encoded><![CDATA[<p>Long</p>]]></content:encoded>
            <enclosure url="https://show.example/1.mp3" length="1234" type="audio/mpeg"/>
            <media:thumbnail url="https://show.example/1.jpg"/>
            <itunes:duration>1:02:03</itunes:duration>
            <category>Tech</category><category>Tech</category><dc:subject>Swift</dc:subject>
          </item>
        </channel></rss>
        """)
        #expect(feed.format == .rss20)
        #expect(feed.title == "Show")
        #expect(feed.siteLink == "https://show.example/")
        #expect(feed.description == "About")
        #expect(feed.language == "en-us")
        #expect(feed.updated?.utcOffsetSeconds == 7200)
        #expect(feed.iconURL == "https://show.example/cover.jpg")
        let item = try #require(feed.items.first)
        #expect(item.id == "ep-1")
        #expect(item.link == "https://show.example/1")
        #expect(item.authors == [FeedAuthor(name: "Jane Doe")])
        #expect(item.published?.utcOffsetSeconds == -18000)
        #expect(item.summary == "Short")
        #expect(item.contentHTML == "<p>Long</p>")
        #expect(item.enclosures == [FeedEnclosure(url: "https://show.example/1.mp3", mimeType: "audio/mpeg", length: 1234)])
        #expect(item.thumbnailURL == "https://show.example/1.jpg")
        #expect(item.durationSeconds == 3723)
        #expect(item.categories == ["Tech", "Swift"])
    }

    @Test func rssAuthorEmailForms() throws {
        let feed = try Feeds.parse("<rss><channel><item><author>jane@example.com (Jane Doe)</author></item><item><author>Joe &lt;joe@example.com&gt;</author></item></channel></rss>")
        #expect(feed.items[0].authors == [FeedAuthor(name: "Jane Doe", email: "jane@example.com")])
        #expect(feed.items[1].authors == [FeedAuthor(name: "Joe", email: "joe@example.com")])
    }

    @Test func atomTextConstructsAndAuthors() throws {
        let feed = try Feeds.parse("""
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr">
          <title type="html">A &amp;lt; B</title>
          <author><name>Feed Author</name><email>f@example.com</email></author>
          <entry>
            <id>urn:1</id>
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <b>world</b></div></title>
            <updated>2003-12-13T18:30:02Z</updated>
            <summary type="text">Plain &lt;text&gt;</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Para</p></div></content>
            <category term="swift" label="Swift"/>
          </entry>
          <entry><id>urn:2</id><author><name>Other</name></author></entry>
        </feed>
        """)
        #expect(feed.title == "A < B")
        #expect(feed.language == "fr")
        #expect(feed.items[0].title == "Hello world")
        #expect(feed.items[0].summary == "Plain <text>")
        #expect(feed.items[0].contentHTML == "<p>Para</p>")
        #expect(feed.items[0].categories == ["swift"])
        #expect(feed.items[0].updated?.utcOffsetSeconds == 0)
        #expect(feed.items[0].authors == [FeedAuthor(name: "Feed Author", email: "f@example.com")])
        #expect(feed.items[1].authors == [FeedAuthor(name: "Other")])
    }

    @Test func jsonFeed11() throws {
        let feed = try Feeds.parse("""
        {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "https://j.example/",
         "feed_url": "https://j.example/feed.json", "icon": "/icon.png", "language": "en",
         "authors": [{"name": "A", "url": "mailto:a@j.example"}],
         "items": [{"id": "1", "url": "/posts/1", "title": "One", "content_text": "a < b",
                    "date_published": "2021-01-02T03:04:05+01:00", "tags": ["x"],
                    "attachments": [{"url": "https://j.example/1.mp3", "mime_type": "audio/mpeg", "size_in_bytes": 9,
                                     "duration_in_seconds": 60}]}]}
        """)
        #expect(feed.format == .jsonFeed11)
        #expect(feed.iconURL == "https://j.example/icon.png")
        #expect(feed.authors == [FeedAuthor(name: "A", email: "a@j.example")])
        let item = try #require(feed.items.first)
        #expect(item.link == "https://j.example/posts/1")
        #expect(item.contentHTML == "a &lt; b")
        #expect(item.published?.utcOffsetSeconds == 3600)
        #expect(item.enclosures.first?.durationSeconds == 60)
        #expect(item.durationSeconds == 60)
    }

    @Test func oneBadFieldNeverDropsAnItem() throws {
        let feed = try Feeds.parse("<rss><channel><item><title>ok</title><pubDate>not a date</pubDate><enclosure length=\"x\"/></item></channel></rss>")
        #expect(feed.items.count == 1)
        #expect(feed.items[0].title == "ok")
        #expect(feed.items[0].published == nil)
        let warning = try #require(feed.warnings.first { $0.field.hasSuffix("pubDate") })
        #expect(warning.rawValue == "not a date")
        #expect(warning.field == "item[0].pubDate")
    }

    @Test func unescapedHTMLInsideDescriptionIsKeptAsMarkup() throws {
        let feed = try Feeds.parse("<rss><channel><item><description>Hello <b>bold</b><br> &amp; more</description></item></channel></rss>")
        #expect(feed.items[0].summary == "Hello <b>bold</b><br /> &amp; more")
    }

    /// Shapes found while comparing with feedparser on NetNewsWire's feeds (cloudblog, macworld, bio.rdf).
    @Test func realWorldQuirks() throws {
        let feed = try Feeds.parse("""
        <rss xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><item>
          <author><name>Diane</name><title>Product Manager</title></author>
          <categories><category>A</category><category>B</category></categories>
          <media:content url="https://x.example/pic.jpg" medium="image"/>
          <media:content url="https://x.example/ep.mp3" type="audio/mpeg"/>
        </item></channel></rss>
        """)
        let item = try #require(feed.items.first)
        #expect(item.authors == [FeedAuthor(name: "Diane")])
        #expect(item.categories == ["A", "B"])
        #expect(item.thumbnailURL == "https://x.example/pic.jpg")
        #expect(item.enclosures.map(\.url) == ["https://x.example/ep.mp3"])
        let rdf = try Feeds.parse("""
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <item rdf:about="http://x.example/a"><dc:identifier>doi:1</dc:identifier></item>
        </rdf:RDF>
        """)
        #expect(rdf.items.first?.id == "http://x.example/a")
    }

    @Test func modelIsCodable() throws {
        let feed = try FeedParser().parse(Fixtures.data("realworld/netnewswire/theomnishow.rss"))
        let data = try JSONEncoder().encode(feed)
        #expect(try JSONDecoder().decode(ParsedFeed.self, from: data) == feed)
    }
}

/// Compile-time check that the public model crosses concurrency domains.
private func requireSendable<T: Sendable>(_: T.Type) {}
private let sendableChecks: Void = {
    requireSendable(FeedParser.self)
    requireSendable(ParsedFeed.self)
    requireSendable(FeedItem.self)
    requireSendable(FeedParseError.self)
    requireSendable(OPMLDocument.self)
    requireSendable(OPMLReader.self)
}()
