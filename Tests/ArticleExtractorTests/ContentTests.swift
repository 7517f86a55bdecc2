import ArticleExtractor
import Foundation
import Testing

@Suite("The article's content")
struct ContentTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://news.example/2026/03/cycle-lanes.html")!

    @Test("a news article keeps its story and drops the navigation, share bar, related list, comments and footer")
    func newsArticle() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.news), url: url)
        for paragraph in TestPages.lorem { #expect(article.text.contains(paragraph)) }
        for furniture in ["Home", "Sport", "Share", "Related stories", "Bus fares", "Finally!", "Copyright"] {
            #expect(!article.text.contains(furniture), "\(furniture) should be gone")
        }
    }

    @Test("the heading that repeats the title is not part of the content")
    func titleHeadingRemoved() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.news), url: url)
        #expect(!article.text.contains("Council backs river cycle lanes"))
    }

    @Test("paragraphs are separated by a blank line in the text, never glued together")
    func paragraphsSeparated() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.news), url: url)
        #expect(article.text == TestPages.lorem.joined(separator: "\n\n"))
    }

    @Test("blocks written as divs without paragraphs stay apart in the text")
    func divBlocksSeparated() throws {
        let html = TestPages.article("<div>First block ends here</div><div>Second block starts here</div>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.text.contains("First block ends here\n\nSecond block starts here"))
        #expect(article.contentHTML.contains("here</p><p>Second"))
    }

    @Test("a blog post keeps its code listing with its line breaks and indentation")
    func codeKept() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.blog), url: url)
        #expect(article.text.contains("while let node = stack.popLast() {\n    visit(node)\n}"))
        #expect(article.contentHTML.contains("<pre><code>var stack = [root]\n"))
    }

    @Test("a figure keeps its image and caption, a quotation its text")
    func figureAndQuote() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.blog), url: url)
        #expect(article.contentHTML.contains("<figure><img src=\"https://news.example/img/tree.png\" alt=\"A tree of nodes\"><figcaption>The tree, walked in a loop.</figcaption></figure>"))
        #expect(article.contentHTML.contains("<blockquote><p>Anything that can nest"))
        #expect(!article.text.contains("Archives"))
    }

    @Test("list items are on lines of their own")
    func listItemsOnTheirOwnLines() throws {
        let article = try extractor.extract(html: TestPages.data(TestPages.blog), url: url)
        #expect(article.text.contains("Three things to remember:\n\nkeep the stack on the heap\nbound the input size\nmeasure the peak memory\n\n"))
    }

    @Test("a data table is kept, its rows on lines and its cells separated by tabs")
    func dataTable() throws {
        let table = """
        <table><caption>Journeys by mode</caption><thead><tr><th>Mode</th><th>Share</th></tr></thead>
        <tbody><tr><td>Walking</td><td>31%</td></tr><tr><td>Cycling</td><td>12%</td></tr><tr><td>Driving</td><td>44%</td></tr></tbody></table>
        """
        let article = try extractor.extract(html: TestPages.data(TestPages.article(table)), url: url)
        #expect(article.text.contains("Mode\tShare\nWalking\t31%\nCycling\t12%\nDriving\t44%"))
        #expect(article.contentHTML.contains("<table><caption>Journeys by mode</caption><thead><tr><th>Mode</th>"))
    }

    @Test("a page with no article is reported as having no content")
    func noArticle() {
        #expect(throws: ExtractionProblem.noContent) {
            try extractor.extract(html: TestPages.data(TestPages.frontPage), url: url)
        }
    }

    @Test("an article whose links are all javascript: is text, not a page of links")
    func javascriptLinksAreText() throws {
        let paragraphs = TestPages.lorem.map { "<p><a href=\"javascript:void(0)\">\($0)</a></p>" }.joined()
        let html = "<html><body><div class=\"content\">\(paragraphs)</div></body></html>"
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.text == TestPages.lorem.joined(separator: "\n\n"))
        #expect(!article.contentHTML.contains("<a "))
    }

    @Test("an empty page is reported as empty")
    func emptyPage() {
        #expect(throws: ExtractionProblem.empty) {
            try extractor.extract(html: Data("  \n ".utf8), url: url)
        }
    }

    @Test("text inside a page without paragraphs, split by runs of <br>, becomes paragraphs")
    func breakRunsBecomeParagraphs() throws {
        let body = TestPages.lorem.joined(separator: "<br><br>\n")
        let html = "<html><body><div id=\"main\">\(body)</div></body></html>"
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.text == TestPages.lorem.joined(separator: "\n\n"))
    }

    @Test("elements hidden by style, the hidden attribute or aria-hidden are left out")
    func hiddenElements() throws {
        let hidden = """
        <p style="display: none">Hidden by style</p><p hidden>Hidden by attribute</p>
        <p aria-hidden="true">Hidden from readers</p>
        """
        let article = try extractor.extract(html: TestPages.data(TestPages.article(hidden)), url: url)
        #expect(!article.text.contains("Hidden"))
    }
}
