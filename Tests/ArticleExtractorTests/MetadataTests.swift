import ArticleExtractor
import Foundation
import Testing

@Suite("The article's metadata")
struct MetadataTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://news.example/2026/03/cycle-lanes.html")!

    @Test("Open Graph and <meta> give the site name, lead image, author, date and description")
    func openGraphAndMeta() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.news), url: url)
        #expect(article.siteName == "The Riverside Gazette")
        #expect(article.leadImage == URL(string: "https://news.example/images/bridge.jpg"))
        #expect(article.author == "Jane Reporter")
        #expect(article.published == Date(timeIntervalSince1970: 1_772_703_000))
        #expect(article.excerpt == "Councillors vote to fund the first stretch of cycle lanes along the river.")
        #expect(article.language == "en-GB")
    }

    @Test("the <title> loses the site's name after the last separator")
    func titleSuffixCut() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.news), url: url)
        #expect(article.title == "Council backs river cycle lanes")
    }

    @Test("a title with a dash separator loses the site's name too (when five words or more are left)")
    func titleDashSuffix() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.blog), url: url)
        #expect(article.title == "Parsing deeply nested HTML without recursion")
    }

    @Test("JSON-LD gives the headline, every author, the date, the image and the publisher")
    func jsonLD() throws {
        let head = """
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@graph": [{"@type": "WebSite", "name": "Gazette"},
         {"@type": "NewsArticle", "headline": "Lanes approved after long debate",
          "author": [{"@type": "Person", "name": "Ada Lovelace"}, {"@type": "Person", "name": "Charles Babbage"}],
          "datePublished": "2026-03-05T10:30:00+01:00", "image": {"@type": "ImageObject", "url": "https://cdn.example/lead.jpg"},
          "publisher": {"@type": "Organization", "name": "The Gazette"}, "description": "A summary from JSON-LD."}]}
        </script>
        """
        let article = try extractor.extract(html: TestPages.data(TestPages.article("", head: head)), url: url)
        #expect(article.title == "Lanes approved after long debate")
        #expect(article.author == "Ada Lovelace, Charles Babbage")
        #expect(article.published == Date(timeIntervalSince1970: 1_772_703_000))
        #expect(article.leadImage == URL(string: "https://cdn.example/lead.jpg"))
        #expect(article.siteName == "The Gazette")
        #expect(article.excerpt == "A summary from JSON-LD.")
    }

    @Test("JSON-LD of another vocabulary than schema.org is ignored")
    func jsonLDOtherContext() throws {
        let head = """
        <script type="application/ld+json">{"@context": "https://other.example", "@type": "Article", "headline": "Not this one"}</script>
        """
        let article = try extractor.extract(html: TestPages.data(TestPages.article("", head: head)), url: url)
        #expect(article.title == "A plain article about the river")
    }

    @Test("a byline in the page gives the author (without its \"By\") when the metadata has none, and leaves the text")
    func bylineFromPage() throws {
        let html = TestPages.article("<p class=\"byline\">By Grace Hopper</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.author == "Grace Hopper")
        #expect(!article.text.contains("Grace Hopper"))
    }

    @Test("the first <time datetime> of the article dates it when the metadata does not")
    func timeElement() throws {
        let html = TestPages.article("<p>Posted <time datetime=\"2025-12-24\">Christmas Eve</time>, in the evening.</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.published == Date(timeIntervalSince1970: 1_766_534_400))
    }

    @Test("without a summary in the metadata, the first paragraph is the excerpt")
    func excerptFromFirstParagraph() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.article("")), url: url)
        #expect(article.excerpt == TestPages.lorem[0])
    }

    @Test("entities escaped twice in <meta> are decoded")
    func doubleEscapedMeta() throws {
        let head = "<meta property=\"og:title\" content=\"Fish &amp;amp; Chips &amp;#8211; a history\">"
        let article = try extractor.extract(html: TestPages.data(TestPages.article("", head: head)), url: url)
        #expect(article.title == "Fish & Chips – a history")
    }
}
