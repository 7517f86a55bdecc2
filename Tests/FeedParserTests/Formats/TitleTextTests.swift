@testable import FeedParser
import Foundation
import Testing

/// Titles reach a reader as plain text, whatever markup the feed wrapped them in.
@Suite("plain-text titles")
struct TitleTextTests {
    @Test(arguments: [
        ("<b>Slack</b> is down", "Slack is down"),
        ("Sl<b>ack</b>", "Slack"),
        ("<p>History of the &lt;blink&gt; tag</p>", "History of the <blink> tag"),
        ("Line one<br/>line two", "Line one line two"),
        ("a < b and <3", "a < b and <3"),
        ("Q&amp;A <!-- note --> session", "Q&A session"),
        ("<a title=\"x > y\" href=\"/\">link</a>", "link"),
        ("  spaced \n\t out&nbsp;text ", "spaced out\u{A0}text"),
        ("<b></b>", nil),
    ] as [(String, String?)])
    func html(_ given: String, _ expected: String?) {
        #expect(TitleText.plain(given, .html) == expected)
    }

    @Test(arguments: [
        ("<b>Bold</b> news", "Bold news"),
        ("a < b", "a < b"),
        ("Vector<T> in Swift", "Vector<T> in Swift"),
        ("Dictionary<String, Int>", "Dictionary<String, Int>"),
        ("Vector<U> and Option<B>", "Vector<U> and Option<B>"),
        ("Tom &amp; Jerry &#8217;s", "Tom & Jerry ’s"),
        ("<em class=\"x\">Hi</em> <br> there", "Hi there"),
        ("<span>open", "<span>open"),
        ("1 < 2 > 0", "1 < 2 > 0"),
        ("testing &doesnotexist; entity", "testing &doesnotexist; entity"),
        ("Use <br> or <hr>?", "Use <br> or <hr>?"),
        ("The <img> element", "The <img> element"),
        ("Type <b> for bold", "Type <b> for bold"),
        ("line<br/>break", "line<br/>break"),
        ("Pic <img src=\"x.png\"> here", "Pic <img src=\"x.png\"> here"),
        ("Don't forget the </div>", "Don't forget the </div>"),
        ("<b>New:</b> the <br> element", "New: the element"),
        ("Q&amp;A <!-- note --> session", "Q&A session"),
    ] as [(String, String)])
    func looseHTML(_ given: String, _ expected: String) {
        #expect(TitleText.plain(given, .looseHTML) == expected)
    }

    @Test(arguments: [
        ("It&#8217;s <em>here</em>", "It’s <em>here</em>"),
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("<b>Bold</b> news", "<b>Bold</b> news"),
        ("  a < b\n ", "a < b"),
    ] as [(String, String)])
    func escapedText(_ given: String, _ expected: String) {
        #expect(TitleText.plain(given, .escapedText) == expected)
    }

    @Test func textIsOnlyCollapsed() {
        #expect(TitleText.plain(" History of the <blink>\n tag &amp; more ", .text)
            == "History of the <blink> tag &amp; more")
    }

    @Test func atomTitlesOfEveryType() throws {
        let feed = try Feeds.parse("""
            <feed xmlns="http://www.w3.org/2005/Atom">
              <title type="html">&lt;b&gt;Status&lt;/b&gt; &amp;amp; news</title>
              <entry><title type="html">&lt;b&gt;Slack&lt;/b&gt; is down</title></entry>
              <entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Hello <b>world</b> &amp; <i>all</i></div></title></entry>
              <entry><title type="text">History of the &lt;blink&gt; tag</title></entry>
              <entry><title type="html">a &lt; b</title></entry>
            </feed>
            """)
        #expect(feed.title == "Status & news")
        #expect(feed.items.map(\.title) == ["Slack is down", "Hello world & all", "History of the <blink> tag", "a < b"])
    }

    @Test func atom03InlineMarkupIsHTML() throws {
        let feed = try Feeds.parse("""
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><entry><title>Example <b>Atom</b></title></entry>
            <entry><title type="text/html" mode="escaped">&lt;b&gt;&amp;amp;&lt;/b&gt;</title></entry></feed>
            """)
        #expect(feed.items.map(\.title) == ["Example Atom", "&"])
    }

    @Test func rssTitlesLoseOnlyRealTags() throws {
        let feed = try FeedParser().parse(Feeds.rss(
            items: """
                <item><title>&lt;b&gt;Breaking:&lt;/b&gt;  rates   rise</title></item>
                <item><title>Vector&lt;T&gt; &amp; a &lt; b</title></item>
                <item><title><![CDATA[<em>Tom</em> &amp; Jerry]]></title></item>
                """,
            channel: "<title>Caf&amp;eacute; &lt;i&gt;news&lt;/i&gt;</title>"))
        #expect(feed.title == "Café news")
        #expect(feed.items.map(\.title) == ["Breaking: rates rise", "Vector<T> & a < b", "Tom & Jerry"])
    }

    /// A plain-text title that mentions tags keeps them; one that is markup loses them. Decided against
    /// feedparser 6.0.14, which calls an RSS title HTML when it has a closing tag or a reference (and then keeps
    /// its markup for a renderer), else plain text:
    ///
    /// | RSS title (after XML) | here | feedparser |
    /// |---|---|---|
    /// | `Use <br> or <hr>?` | as written | as written, text/plain |
    /// | `The <img> element`, `Type <b> for bold`, `line<br/>break` | as written | as written, text/plain |
    /// | `Pic <img src="x.png"> here` | as written | as written, text/plain |
    /// | `A <b>bold</b> move`, `<p>Hello</p>` | tags removed | markup kept, text/html |
    /// | `Use <br> or <hr>? &amp; more` | `Use <br> or <hr>? & more` | text/html, so `<br>` and `<hr>` render as breaks |
    /// | Atom `type="html"`, `type="xhtml"` | every tag removed | text/html, application/xhtml+xml |
    /// | Atom `type="text"` (or none) | as written, references too | as written |
    /// | JSON Feed | references decoded, tags as written | verbatim (feedparser's develop branch) |
    @Test func rssTitlesThatMentionTagsKeepThem() throws {
        let feed = try FeedParser().parse(Feeds.rss(items: """
            <item><guid>1</guid><title>Use &lt;br&gt; or &lt;hr&gt;?</title></item>
            <item><guid>2</guid><title>The &lt;img&gt; element</title></item>
            <item><guid>3</guid><title>Type <![CDATA[<b>]]> for bold</title></item>
            <item><guid>4</guid><title>A &lt;b&gt;bold&lt;/b&gt; move</title></item>
            <item><guid>5</guid><title>Use &lt;br&gt; or &lt;hr&gt;? &amp;amp; more</title></item>
            """))
        #expect(feed.items.map(\.title) == [
            "Use <br> or <hr>?", "The <img> element", "Type <b> for bold", "A bold move", "Use <br> or <hr>? & more",
        ])
    }

    /// JSON Feed titles are plain text by the specification: no tag is removed, paired or not; references are
    /// decoded all the same, since titles made from HTML templates carry them (`I&#039;m`, `&amp;`).
    @Test func jsonFeedTitles() throws {
        let feed = try Feeds.parse("""
            {"version": "https://jsonfeed.org/version/1.1", "title": "J &amp; K",
             "items": [{"id": "1", "title": "It&#8217;s <em>here</em>"}, {"id": "2", "title": "Array<Int>"},
                       {"id": "3", "title": "Die Rückkehr von <i> und <b>"}]}
            """)
        #expect(feed.title == "J & K")
        #expect(feed.items.map(\.title) == ["It’s <em>here</em>", "Array<Int>", "Die Rückkehr von <i> und <b>"])
    }

    /// Unbounded, each unclosed `<a "` and `<!--` would scan to the end of the text: minutes, not a second.
    @Test(.timeLimit(.minutes(5))) func hostileTitlesStayLinear() {
        let title = String(repeating: "<a \"", count: 5_000) + String(repeating: "<!--", count: 5_000)
        #expect(TitleText.plain(title, .html) != nil)
        #expect(TitleText.plain(title, .looseHTML) != nil)
        #expect(!HTMLTagStripper.isMarkup(title))
    }
}
