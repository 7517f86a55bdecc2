import Testing
@testable import RssCore

/// Each rule of link normalisation, and the near misses that must stay apart.
@Suite("Story links: what two sources link to when they carry one story")
struct StoryLinkTests {
    @Test(
        "links that differ only by what does not change the page are one",
        arguments: [
            // scheme and host case, http and https, www., trailing dot, default ports, user name
            ("HTTP://Example.COM/post/1", "https://example.com/post/1"),
            ("http://www.example.com/post/1", "https://example.com/post/1"),
            ("https://example.com./post/1", "https://example.com/post/1"),
            ("https://example.com:443/post/1", "https://example.com/post/1"),
            ("http://example.com:80/post/1", "https://example.com/post/1"),
            ("https://someone:secret@example.com/post/1", "https://example.com/post/1"),
            // trailing slash, fragment
            ("https://example.com/post/1/", "https://example.com/post/1"),
            ("https://example.com/post/1#comments", "https://example.com/post/1"),
            // tracking parameters, the others kept in order
            ("https://example.com/post/1?utm_source=rss&utm_medium=feed&utm_campaign=x", "https://example.com/post/1"),
            ("https://example.com/post/1?fbclid=abc", "https://example.com/post/1"),
            ("https://example.com/post/1?gclid=abc&id=7", "https://example.com/post/1?id=7"),
            ("https://example.com/post/1?ref=hn", "https://example.com/post/1"),
            ("https://example.com/post/1?mc_cid=1&mc_eid=2", "https://example.com/post/1"),
            ("https://example.com/p?b=2&utm_content=x&a=1", "https://example.com/p?b=2&a=1"),
            ("https://medium.com/@a/story-1a2b?source=rss----abc---4", "https://medium.com/@a/story-1a2b"),
            ("https://example.com/post/1?UTM_Source=Twitter", "https://example.com/post/1"),
            // AMP variants
            ("https://example.com/post/1/amp/", "https://example.com/post/1"),
            ("https://example.com/amp/post/1", "https://example.com/post/1"),
            ("https://example.com/post/1?amp", "https://example.com/post/1"),
            ("https://example.com/post/1?amp=1", "https://example.com/post/1"),
            ("https://example.com/post/1?outputType=amp", "https://example.com/post/1"),
            ("https://amp.example.com/post/1", "https://example.com/post/1"),
            ("https://example-com.cdn.ampproject.org/c/s/example.com/post/1", "https://example.com/post/1"),
            // escapes
            ("https://example.com/%7Euser/post", "https://example.com/~user/post"),
            ("https://example.com/a%2fb", "https://example.com/a%2Fb"),
        ])
    func sameLink(link: String, normalised: String) {
        #expect(StoryLink.normalised(link) == normalised)
    }

    @Test(
        "links to other pages stay apart",
        arguments: [
            ("https://example.com/post/1", "https://example.com/post/2"),
            ("https://example.com/Post/1", "https://example.com/post/1"),  // paths are case-sensitive
            ("https://example.com/post?id=1", "https://example.com/post?id=2"),
            ("https://example.com/post?a=1&b=2", "https://example.com/post?b=2&a=1"),  // order kept
            ("https://example.com/post?source=newsletter", "https://example.com/post"),  // not a feed's value
            ("https://example.com/post?page=2", "https://example.com/post"),
            ("https://blog.example.com/post/1", "https://example.com/post/1"),
            ("https://m.example.com/post/1", "https://example.com/post/1"),
            ("https://example.com:8080/post/1", "https://example.com/post/1"),
            ("https://example.com/example", "https://example.com/amplify"),
            ("https://example.com/ampersand", "https://example.com"),
            ("https://example.com/post/1?ampm=1", "https://example.com/post/1"),
            ("https://example.com/post/1?reference=7", "https://example.com/post/1"),
        ])
    func otherPage(a: String, b: String) {
        #expect(StoryLink.normalised(a) != StoryLink.normalised(b))
    }

    @Test("only http and https addresses with a host have a story link")
    func otherSchemes() {
        #expect(StoryLink.normalised("mailto:someone@example.com") == nil)
        #expect(StoryLink.normalised("tag:example.com,2024:post-1") == nil)
        #expect(StoryLink.normalised("/post/1") == nil)
        #expect(StoryLink.normalised("https:///post/1") == nil)
        #expect(StoryLink.normalised("  https://example.com/post/1  ") == "https://example.com/post/1")
    }

    @Test("a home page says nothing about the story: no key")
    func homePage() {
        for link in ["https://example.com", "https://example.com/", "http://www.example.com/?utm_source=rss#top"] {
            #expect(StoryLink.normalised(link).map(StoryLink.isHomePage) == true, "\(link)")
            let signature = StorySignature(link: link, originLink: nil, title: "A", summaryHTML: nil, contentHTML: nil)
            #expect(signature.linkKey == nil, "\(link)")
        }
        #expect(StoryLink.normalised("https://example.com/?p=12").map(StoryLink.isHomePage) == false)
    }

    @Test("the feed's origin link stands for a redirector's address")
    func originLink() {
        let proxied = StorySignature(
            link: "http://feedproxy.google.com/~r/Example/~3/AbCdEf/", originLink: "https://example.com/post/1",
            title: "A", summaryHTML: nil, contentHTML: nil)
        let direct = StorySignature(
            link: "https://www.example.com/post/1/?utm_source=feedburner", originLink: nil, title: "B", summaryHTML: nil,
            contentHTML: nil)
        #expect(proxied.link == direct.link)
        #expect(proxied.linkKey == direct.linkKey && proxied.linkKey != nil)
    }
}
