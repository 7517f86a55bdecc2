import ArticleExtractor
import Foundation
import Testing

@Suite("Links and images")
struct AddressTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://news.example/2026/03/cycle-lanes.html")!

    @Test("relative links and images are made absolute against the page's address")
    func relativeToPage() throws {
        let html = TestPages.article("<p>See <a href=\"../plans.pdf\">the plans</a> and <img src=\"map.png\" alt=\"Map\">.</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.contentHTML.contains("<a href=\"https://news.example/2026/plans.pdf\">the plans</a>"))
        #expect(article.contentHTML.contains("<img src=\"https://news.example/2026/03/map.png\" alt=\"Map\">"))
    }

    @Test("<base href> overrides the page's address, itself resolved against it")
    func baseElement() throws {
        let html = TestPages.article("<p>See <a href=\"plans.pdf\">the plans</a> now.</p>", head: "<base href=\"/archive/\">")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.contentHTML.contains("<a href=\"https://news.example/archive/plans.pdf\">the plans</a>"))
    }

    @Test("javascript: links lose their address and keep their text")
    func javascriptLinks() throws {
        let html = TestPages.article("<p>Click <a href=\"javascript:alert(1)\">here for more</a> details.</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(!article.contentHTML.lowercased().contains("javascript"))
        #expect(article.contentHTML.contains("Click here for more details."))
    }

    @Test("a lazy image's data-src is its address when src is a placeholder")
    func lazyDataSrc() throws {
        let image = "<p><img src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\" data-src=\"/photos/bridge.jpg\" class=\"lazyload\" alt=\"Bridge\"> The bridge at dusk, seen from the east bank of the river.</p>"
        let article = try extractor.extract(html: TestPages.data(TestPages.article(image)), url: url)
        #expect(article.contentHTML.contains("<img src=\"https://news.example/photos/bridge.jpg\" alt=\"Bridge\">"))
    }

    @Test("an image known only by its srcset gets the largest candidate")
    func srcsetOnly() throws {
        let image = "<p><img data-srcset=\"/s/small.jpg 320w, /s/large.jpg 1280w, /s/medium.jpg 640w\" alt=\"Quay\"> The quay, where the lanes will end next year.</p>"
        let article = try extractor.extract(html: TestPages.data(TestPages.article(image)), url: url)
        #expect(article.contentHTML.contains("<img src=\"https://news.example/s/large.jpg\" alt=\"Quay\">"))
    }

    @Test("the image inside <noscript> replaces its script-loaded placeholder")
    func noscriptImage() throws {
        let image = "<p><img class=\"placeholder\" data-lazy=\"true\" src=\"data:image/gif;base64,R0lGODlhAQABAAAAACw=\"><noscript><img src=\"/real/photo.jpg\" alt=\"Photo\"></noscript> The photograph shows the river at night.</p>"
        let article = try extractor.extract(html: TestPages.data(TestPages.article(image)), url: url)
        #expect(article.contentHTML.contains("<img src=\"https://news.example/real/photo.jpg\" alt=\"Photo\">"))
    }

    @Test("without an address for the page, relative links are dropped and absolute ones kept")
    func noPageAddress() throws {
        let html = TestPages.article("<p><a href=\"/relative\">Relative link</a> and <a href=\"https://other.example/\">absolute link</a> here.</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: nil)
        #expect(!article.contentHTML.contains("/relative"))
        #expect(article.contentHTML.contains("<a href=\"https://other.example/\">absolute link</a>"))
    }
}
