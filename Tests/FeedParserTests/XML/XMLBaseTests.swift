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

    @Test func absoluteIRIsAreLeftAloneAndFragmentLinksResolve() throws {
        let feed = try Feeds.parse("<rss><channel><item><link>#section</link></item><item><link>http://例え.jp/パス</link></item></channel></rss>",
                                   url: "https://example.com/feed")
        #expect(feed.items[0].link == "https://example.com/feed#section")
        #expect(feed.items[1].link == "http://例え.jp/パス")
    }

    /// RFC 3986: `#top` resolves to the base in effect plus a fragment, and a base's fragment never takes part
    /// in resolving, so links under it resolve against the document's URL.
    @Test func fragmentOnlyXMLBaseResolvesAgainstTheDocument() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom" xml:base="#feed">
              <link href="/"/>
              <entry xml:base="#entry">
                <link href="/posts/a"/>
                <link rel="enclosure" href="media/a.mp3"/>
                <content type="html">&lt;a href="/b"&gt;b&lt;/a&gt; &lt;a href="#fn1"&gt;1&lt;/a&gt; &lt;img src="i.png"&gt;</content>
              </entry>
            </feed>
            """, url: "http://example.com/blog/atom.xml")
        #expect(feed.siteLink == "http://example.com/")
        let item = try #require(feed.items.first)
        #expect(item.link == "http://example.com/posts/a")
        #expect(item.enclosures.map(\.url) == ["http://example.com/blog/media/a.mp3"])
        #expect(item.contentHTML == "<a href=\"http://example.com/b\">b</a> <a href=\"#fn1\">1</a> <img src=\"http://example.com/blog/i.png\">")
    }

    @Test func fragmentOnlyXMLBaseUnderAnotherBaseKeepsThatBase() throws {
        let feed = try Feeds.parse("""
            <rss xml:base="http://cdn.example.org/x/"><channel><item xml:base="#item"><link>y.html</link></item></channel></rss>
            """, url: "http://example.com/feed")
        #expect(feed.items[0].link == "http://cdn.example.org/x/y.html")
        let noURL = try Feeds.parse("<rss><channel><item xml:base=\"#item\"><link>/posts/a</link></item></channel></rss>")
        #expect(noURL.items[0].link == "/posts/a")
    }

    @Test func scriptLinksAreDropped() throws {
        let feed = try Feeds.parse("<rss><channel><item><title>x</title><link> javascript:alert(1)</link></item></channel></rss>")
        #expect(feed.items[0].link == nil)
        #expect(feed.warnings.contains { $0.reason.contains("unsafe") })
    }
}
