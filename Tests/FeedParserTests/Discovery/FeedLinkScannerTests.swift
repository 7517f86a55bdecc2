import FeedParser
import Foundation
import Testing

/// The feed links a web page declares, as browsers and feed readers read them.
@Suite("feed link scanner")
struct FeedLinkScannerTests {
    static let page = "https://example.org/blog/post.html"

    static func links(_ html: String, page: String? = page, contentType: String? = nil) -> [FeedLink] {
        FeedLinkScanner.feedLinks(in: Data(html.utf8), contentType: contentType, pageURL: page)
    }

    @Test("RSS, Atom and JSON Feed links are found in document order, relative addresses resolved")
    func declaredLinks() {
        let html = """
            <!DOCTYPE html><html><head><title>Blog</title>
            <link rel="stylesheet" href="/style.css">
            <link rel="alternate" type="application/rss+xml" title="Posts" href="/feed.xml">
            <link rel="alternate" type="application/atom+xml" title="Comments &amp; replies" href="comments.atom">
            <link rel="alternate" type="application/feed+json" href="https://cdn.example.org/feed.json">
            </head><body></body></html>
            """
        #expect(Self.links(html) == [
            FeedLink(url: "https://example.org/feed.xml", title: "Posts", format: .rss),
            FeedLink(url: "https://example.org/blog/comments.atom", title: "Comments & replies", format: .atom),
            FeedLink(url: "https://cdn.example.org/feed.json", title: nil, format: .json),
        ])
    }

    @Test("the first <base href> is the base of every link, wherever it stands")
    func baseIsHonoured() {
        let html = """
            <link rel=alternate type=application/rss+xml href=rss.xml>
            <base href="/sites/one/"><base href="https://other.example/">
            <link rel="alternate" type="application/atom+xml" href="../atom.xml">
            """
        #expect(Self.links(html).map(\.url) == [
            "https://example.org/sites/one/rss.xml", "https://example.org/sites/atom.xml",
        ])
    }

    @Test(
        "attributes are read liberally: any case, any quotes, any order, rel lists, type parameters",
        arguments: [
            #"<LINK REL="Alternate" TYPE="Application/RSS+XML" HREF="/a">"#,
            "<link href='/a' type='application/rss+xml' rel='alternate'>",
            "<link\nrel=alternate\ttype=application/rss+xml  href=/a />",
            #"<link rel="home alternate" type="application/rss+xml; charset=utf-8" href=" /a ">"#,
            #"<link rel="feed" type="application/rss+xml" href="/a">"#,
            #"<link rel="alternate" rel="nofollow" type="application/rss+xml" href="/a" href="/b">"#,
            #"<link rel="alternate" type="application/rss+xml" href="&#47;a">"#,
            #"<link rel="alternate" type="application/rss+xml" href="feed://example.org/a">"#,
            #"<link rel="alternate" type="application/rss+xml" href="feed:https://example.org/a">"#,
        ])
    func liberalAttributes(_ html: String) {
        let expected = html.contains("feed:https") ? "https://example.org/a" : html.contains("feed://")
            ? "http://example.org/a" : "https://example.org/a"
        #expect(Self.links(html).map(\.url) == [expected])
    }

    @Test(
        "links that are no feed, or hidden in text, are not taken",
        arguments: [
            #"<link rel="alternate" type="text/html" href="/fr/">"#,
            #"<link rel="alternate stylesheet" type="application/rss+xml" href="/a">"#,
            #"<link rel="canonical" type="application/rss+xml" href="/a">"#,
            #"<link rel="alternate" type="application/json" href="/wp-json/wp/v2/posts/1">"#,
            #"<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">"#,
            #"<link rel="alternate" type="application/rss+xml">"#,
            #"<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">"#,
            #"<link rel="alternate" type="application/rss+xml" href="data:text/xml,<rss/>">"#,
            #"<link rel="alternate" type="application/rss+xml" href="file:///etc/passwd">"#,
            #"<!-- <link rel="alternate" type="application/rss+xml" href="/a"> -->"#,
            #"<script>document.write('<link rel="alternate" type="application/rss+xml" href="/a">')</script>"#,
            #"<title><link rel="alternate" type="application/rss+xml" href="/a"></title>"#,
            #"<textarea><link rel="alternate" type="application/rss+xml" href="/a"></textarea>"#,
            #"<a rel="alternate" type="application/rss+xml" href="/a">feed</a>"#,
            #"<plaintext><link rel="alternate" type="application/rss+xml" href="/a">"#,
        ])
    func notFeeds(_ html: String) {
        #expect(Self.links(html).isEmpty)
    }

    @Test("JSON Feed 1.0's application/json counts for a feed address; the same address twice is one link")
    func jsonFeedAndDuplicates() {
        let html = """
            <link rel="alternate" type="application/json" title="JSON" href="/feeds/json">
            <link rel="alternate" type="application/rss+xml" href="/feeds/main">
            <link rel="alternate" type="application/atom+xml" href="https://example.org/feeds/main">
            """
        #expect(Self.links(html).map(\.format) == [.json, .rss])
    }

    @Test("a file page keeps file links; raw text ends at its own end tag only; titles are one line")
    func fileAndRawText() {
        let html = """
            <script>var s = "</scriptx>"; </SCRIPT >
            <link rel="alternate" type="application/rss+xml" title="  One
              two\tthree " href="feed.rss">
            """
        #expect(Self.links(html, page: "file:///home/me/site/index.html") == [
            FeedLink(url: "file:///home/me/site/feed.rss", title: "One two three", format: .rss)
        ])
    }

    @Test("a page in windows-1252 or with a charset keeps its titles' letters")
    func charsets() {
        var latin = Data(#"<link rel="alternate" type="application/rss+xml" title="Caf"#.utf8)
        latin.append(0xE9)
        latin.append(contentsOf: Data(#"" href="/a">"#.utf8))
        let found = FeedLinkScanner.feedLinks(in: latin, contentType: "text/html; charset=iso-8859-1", pageURL: Self.page)
        #expect(found.map(\.title) == ["Café"])
    }

    @Test("only the head of a huge page is read, and links there are found")
    func hugePage() {
        let head = #"<link rel="alternate" type="application/rss+xml" href="/a">"#
        let late = #"<link rel="alternate" type="application/atom+xml" href="/late">"#
        let body = String(repeating: "<p>filler text é</p>\n", count: FeedLinkScanner.maximumScannedBytes / 16)
        #expect(Self.links(head + body + late).map(\.url) == ["https://example.org/a"])
    }

    @Test("at most maximumLinks links are kept")
    func manyLinks() {
        let html = (0..<500).map { #"<link rel="alternate" type="application/rss+xml" href="/f\#($0)">"# }.joined()
        #expect(Self.links(html).count == FeedLinkScanner.maximumLinks)
    }
}
