import FeedParser
import Foundation
import Testing

@Suite("xml:base and links")
struct XMLBaseTests {
    @Test func nestedBasesResolveRelativeLinks() throws {
        let feed = try Feeds.parse("""
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://example.com/blog/">
          <link href="index.html"/>
          <icon>/favicon.ico</icon>
          <entry xml:base="2024/">
            <link href="post.html"/>
            <link rel="enclosure" href="../media/a.mp3" length="12" type="audio/mpeg"/>
            <content type="html" xml:base="http://cdn.example.org/x/">&lt;a href="y.html"&gt;y&lt;/a&gt; &lt;a href="#fn1"&gt;1&lt;/a&gt; &lt;img src="i.png"&gt;</content>
          </entry>
        </feed>
        """, url: "http://feeds.example.net/atom.xml")
        #expect(feed.siteLink == "http://example.com/blog/index.html")
        #expect(feed.iconURL == "http://example.com/favicon.ico")
        let item = try #require(feed.items.first)
        #expect(item.link == "http://example.com/blog/2024/post.html")
        #expect(item.enclosures == [FeedEnclosure(url: "http://example.com/blog/media/a.mp3", mimeType: "audio/mpeg", length: 12)])
        #expect(item.contentHTML == "<a href=\"http://cdn.example.org/x/y.html\">y</a> <a href=\"#fn1\">1</a> <img src=\"http://cdn.example.org/x/i.png\">")
    }

    @Test func feedURLIsTheLastBase() throws {
        let feed = try Feeds.parse("<rss><channel><link>/</link><item><link>posts/1</link></item></channel></rss>",
                                   url: "https://example.com/feeds/rss.xml")
        #expect(feed.siteLink == "https://example.com/")
        #expect(feed.items[0].link == "https://example.com/feeds/posts/1")
    }

    @Test func fragmentOnlyAndAbsoluteIRIsAreLeftAlone() throws {
        let feed = try Feeds.parse("<rss><channel><item><link>#section</link></item><item><link>http://例え.jp/パス</link></item></channel></rss>",
                                   url: "https://example.com/feed")
        #expect(feed.items[0].link == "#section")
        #expect(feed.items[1].link == "http://例え.jp/パス")
    }

    @Test func scriptLinksAreDropped() throws {
        let feed = try Feeds.parse("<rss><channel><item><title>x</title><link> javascript:alert(1)</link></item></channel></rss>")
        #expect(feed.items[0].link == nil)
        #expect(feed.warnings.contains { $0.reason.contains("unsafe") })
    }
}
