@testable import FeedParser
import Foundation
import Testing

/// An empty reference resolves to its base (RFC 3986 §5.2), as feedparser resolves an Atom `<link href=""/>`:
/// an entry whose `xml:base` is its own page links to it so. Where an empty address means "none" instead (an
/// enclosure, an image, RSS's and JSON Feed's text fields), it stays none. Decided case by case against
/// feedparser 6.0.14:
///
/// | where | empty reference gives | feedparser |
/// |---|---|---|
/// | Atom `link` (alternate, self; entry, feed, RSS borrowing `atom:link`) | the base, without its fragment | the base (fragment kept) |
/// | HTML content `href=""` | the base, without its fragment | the base |
/// | HTML content `src=""`, `poster=""` | stays empty: HTML's "no image" | the base |
/// | Atom `link rel="enclosure"`, RSS `enclosure`, `media:content` | no enclosure | the base (Atom), empty (RSS) |
/// | RSS `<link></link>`, JSON Feed `"url": ""` | no link | empty |
@Suite("empty references")
struct EmptyReferenceTests {
    @Test func anEmptyReferenceIsTheBaseWithoutItsFragment() {
        #expect(URLResolver.resolve("", against: "http://example.com/post/1") == "http://example.com/post/1")
        #expect(URLResolver.resolve("  ", against: "http://example.com/post/1#top") == "http://example.com/post/1")
        #expect(URLResolver.resolve("", against: nil) == "")
    }

    @Test func anAtomEntryLinkWithAnEmptyHrefIsItsXMLBase() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/">
              <entry xml:base="http://example.com/post/1"><id>1</id><title>One</title><link href=""/></entry>
              <entry xml:base="http://example.com/post/2#comments"><id>2</id><link href=" "/></entry>
              <entry><id>3</id><link rel="alternate" type="text/html" href=""/></entry>
            </feed>
            """)
        #expect(feed.items.map(\.link) == [
            "http://example.com/post/1", "http://example.com/post/2", "http://example.com/",
        ])
    }

    @Test func withoutXMLBaseTheFeedAddressIsTheBase() throws {
        let atom = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><id>1</id><link href=""/></entry></feed>
            """
        let fetched = try Feeds.parse(atom, url: "https://example.com/feed.atom")
        #expect(fetched.items[0].link == "https://example.com/feed.atom")
        // Nothing to resolve against: no link rather than an empty one.
        #expect(try Feeds.parse(atom).items[0].link == nil)
    }

    @Test func feedLinksAndBorrowedAtomLinksResolveTheSame() throws {
        let atom = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/">
              <link href=""/><link rel="self" href=""/>
            </feed>
            """)
        #expect(atom.siteLink == "https://blog.example/")
        #expect(atom.selfLink == "https://blog.example/")
        let rss = try FeedParser().parse(Feeds.rss(items: """
            <item xml:base="https://blog.example/post/7" xmlns:atom="http://www.w3.org/2005/Atom">
              <title>Seven</title><atom:link href=""/>
            </item>
            """))
        #expect(rss.items[0].link == "https://blog.example/post/7")
    }

    @Test func anEmptyAddressIsNoEnclosure() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://blog.example/post/1">
              <entry><id>1</id><link rel="enclosure" href="" type="audio/mpeg"/></entry>
            </feed>
            """)
        #expect(feed.items[0].enclosures.isEmpty)
        let rss = try FeedParser().parse(Feeds.rss(items: """
            <item xml:base="https://blog.example/post/2" xmlns:media="http://search.yahoo.com/mrss/">
              <title>Two</title><link></link><enclosure url="" type="audio/mpeg" length="0"/>
              <media:content url="" type="image/png"/>
            </item>
            """))
        #expect(rss.items[0].enclosures.isEmpty)
        #expect(rss.items[0].link == nil)
    }

    @Test func contentLinksResolveButEmptyImagesStayEmpty() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <entry xml:base="https://blog.example/post/1#top"><id>1</id>
                <content type="html">&lt;a href=""&gt;here&lt;/a&gt; &lt;img src=""&gt; &lt;video poster=''&gt;&lt;/video&gt; &lt;a href='#fn'&gt;1&lt;/a&gt;</content>
              </entry>
            </feed>
            """)
        #expect(feed.items[0].contentHTML == """
            <a href="https://blog.example/post/1">here</a> <img src=""> <video poster=''></video> <a href='#fn'>1</a>
            """)
    }

    @Test func aScriptBaseNeverBecomesALink() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <entry xml:base="javascript:alert(1)"><id>1</id><link href=""/>
                <content type="html">&lt;a href=""&gt;x&lt;/a&gt;</content></entry>
            </feed>
            """)
        #expect(feed.items[0].link == nil)
        #expect(feed.items[0].contentHTML == "<a href=\"\">x</a>")
        #expect(feed.warnings.contains { $0.reason == "unsafe link scheme dropped" })
    }

    @Test func anEmptyJSONFeedAddressIsNone() throws {
        let feed = try Feeds.parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J", "home_page_url": "",
             "items": [{"id": "1", "url": "", "external_url": "", "attachments": [{"url": "", "mime_type": "audio/mpeg"}]}]}
            """, url: "https://j.example/feed.json")
        #expect(feed.siteLink == nil)
        #expect(feed.items[0].link == nil)
        #expect(feed.items[0].enclosures.isEmpty)
    }
}
