import FeedParser
import Foundation
import Testing

/// A feed read from a file resolves relative links against the web address it declares, not the file.
@Suite("relative links of a feed read from a file")
struct FileFeedLinksTests {
    static let file = URL(fileURLWithPath: "/home/ann/feeds/saved.xml")

    static func parse(_ text: String, url: URL? = file) throws -> ParsedFeed {
        try FeedParser().parse(Data(text.utf8), url: url)
    }

    @Test("RSS with an atom:link rel=self: item links and content links resolve against it")
    func rssSelfLink() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title>
            <atom:link rel="self" href="https://example.org/blog/feed.xml"/><link>/blog/</link>
            <item><title>A</title><link>/blog/a</link><description>&lt;a href="b"&gt;b&lt;/a&gt;</description></item>
            </channel></rss>
            """)
        #expect(feed.selfLink == "https://example.org/blog/feed.xml")
        #expect(feed.siteLink == "https://example.org/blog/")
        #expect(feed.items.first?.link == "https://example.org/blog/a")
        let text = feed.items.first.flatMap { $0.contentHTML ?? $0.summary }
        #expect(text?.contains("https://example.org/blog/b") == true, "\(String(describing: text))")
    }

    @Test("Atom with only an absolute site link resolves against the site")
    func atomSiteLink() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
            <link rel="alternate" href="https://example.net/"/><link rel="self" href="/feed.atom"/>
            <entry><id>1</id><title>A</title><link href="/posts/1"/></entry></feed>
            """)
        #expect(feed.items.first?.link == "https://example.net/posts/1")
    }

    @Test("nothing absolute declared: links stay relative to the file, as before")
    func nothingDeclared() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link href="/"/>
            <entry><id>1</id><title>A</title><link href="/posts/1"/></entry></feed>
            """)
        #expect(feed.items.first?.link == "file:///posts/1")
    }

    @Test("a feed fetched over http keeps resolving against where it was fetched from")
    func httpDocument() throws {
        let feed = try Self.parse(
            """
            <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title>
            <atom:link rel="self" href="https://elsewhere.example/feed"/>
            <item><title>A</title><link>a</link></item></channel></rss>
            """, url: URL(string: "https://mirror.example/x/feed"))
        #expect(feed.items.first?.link == "https://mirror.example/x/a")
    }

    @Test("JSON Feed: feed_url is the self link")
    func jsonFeed() throws {
        let feed = try Self.parse(
            """
            {"version":"https://jsonfeed.org/version/1.1","title":"T","feed_url":"https://example.com/feed.json",
             "items":[{"id":"1","url":"/p/1","content_text":"x"}]}
            """)
        #expect(feed.selfLink == "https://example.com/feed.json")
        #expect(feed.items.first?.link == "https://example.com/p/1")
    }

    @Test("a dangerous self link is not used as a base")
    func dangerousSelfLink() throws {
        let feed = try Self.parse(
            """
            <feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><link rel="self" href="javascript:alert(1)"/>
            <entry><id>1</id><title>A</title><link href="/p"/></entry></feed>
            """)
        #expect(feed.selfLink == nil)
        #expect(feed.items.first?.link == "file:///p")
    }
}
