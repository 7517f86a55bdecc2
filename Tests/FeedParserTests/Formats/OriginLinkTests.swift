import FeedParser
import Foundation
import Testing

/// FeedBurner's `feedburner:origLink`: the original's address beside a redirector's link, in RSS and Atom.
@Suite("the original's address beside a redirector's link")
struct OriginLinkTests {
    @Test func rssItemKeepsItsLinkAndGivesTheOrigin() throws {
        let feed = try Feeds.parse("""
        <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel><title>Blog</title>
          <item><title>Post</title><guid isPermaLink="false">p-1</guid>
            <link>http://feedproxy.google.com/~r/Blog/~3/AbC/</link>
            <feedburner:origLink>https://blog.example/2024/post</feedburner:origLink></item>
          <item><title>Plain</title><link>https://blog.example/plain</link></item>
        </channel></rss>
        """)
        #expect(feed.items.first?.link == "http://feedproxy.google.com/~r/Blog/~3/AbC/")
        #expect(feed.items.first?.originLink == "https://blog.example/2024/post")
        #expect(feed.items.last?.originLink == nil)
    }

    @Test func atomEntryGivesTheOriginResolvedAgainstItsBase() throws {
        let feed = try Feeds.parse("""
        <feed xmlns="http://www.w3.org/2005/Atom" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"
              xml:base="https://blog.example/"><title>Blog</title><id>urn:blog</id>
          <entry><id>urn:p1</id><title>Post</title><link href="http://feedproxy.google.com/~r/Blog/~3/XyZ/"/>
            <feedburner:origLink>2024/post</feedburner:origLink></entry>
        </feed>
        """)
        #expect(feed.items.first?.originLink == "https://blog.example/2024/post")
    }
}
