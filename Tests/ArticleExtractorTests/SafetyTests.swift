import ArticleExtractor
import Foundation
import Testing

@Suite("Safe output")
struct SafetyTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://news.example/story")!

    @Test("scripts, styles, iframes, forms and event handlers never reach the HTML")
    func activeContentRemoved() throws {
        let hostile = """
        <p onclick="steal()" style="color:red" class="x">A paragraph with <b onmouseover="x()">bold</b> words in it.</p>
        <script>document.write('owned')</script><style>p { color: red }</style>
        <iframe src="https://ads.example/frame"></iframe>
        <form action="/login"><input name="password"><button>Send</button></form>
        <svg><script>alert(1)</script></svg>
        """
        let article = try extractor.extract(html: TestPages.data(TestPages.article(hostile)), url: url)
        let html = article.contentHTML.lowercased()
        for forbidden in ["<script", "<style", "<iframe", "<form", "<input", "<button", "<svg", "onclick", "onmouseover", "style=", "class=", "owned"] {
            #expect(!html.contains(forbidden), "\(forbidden) reached the HTML")
        }
        #expect(article.contentHTML.contains("<p>A paragraph with <b>bold</b> words in it.</p>"))
    }

    @Test("only href, src, alt and title attributes are written")
    func attributesAllowed() throws {
        let html = TestPages.article("<p><a href=\"/x\" title=\"More\" target=\"_blank\" rel=\"nofollow\" data-track=\"1\">a link</a> in a sentence.</p>")
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        #expect(article.contentHTML.contains("<a href=\"https://news.example/x\" title=\"More\">a link</a>"))
    }

    @Test("escape sequences and control characters in the page never reach the text or the metadata")
    func terminalSequencesRemoved() throws {
        let html = TestPages.article(
            "<p>Red \u{1B}[31malert\u{1B}[0m and a bell\u{07} and a C1 \u{9B}2J control, all in one line.</p>",
            head: "<meta name=\"author\" content=\"Eve\u{1B}]0;pwned\u{07}\">"
        )
        let article = try extractor.extract(html: TestPages.data(html), url: url)
        for text in [article.text, article.contentHTML, article.author ?? ""] {
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) })
        }
        #expect(article.text.contains("Red [31malert[0m and a bell and a C1 2J control"))
    }

    @Test("NUL bytes in the markup are dropped, the text around them kept")
    func nulBytes() throws {
        var bytes = Array(TestPages.article("<p>Before\u{0}after, a NUL byte in the middle of a sentence.</p>").utf8)
        bytes.insert(0, at: 10)
        let article = try extractor.extract(html: Data(bytes), url: url)
        #expect(!article.text.contains("\u{0}"))
        #expect(article.text.contains("after, a NUL byte"))
    }

    @Test("the text and HTML of every test page are free of C0 and C1 controls but line feeds and tabs")
    func noControlsInTestPages() throws {
        for page in [TestPages.news, TestPages.blog] {
            let article = try extractor.extract(html: TestPages.data(page), url: url)
            #expect(!article.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        }
    }

    @Test("the problems carry no bytes of the page")
    func problemsAreValues() {
        let problem = ExtractionProblem.tooLarge(bytes: 20, limit: 10)
        #expect(problem == .tooLarge(bytes: 20, limit: 10))
    }
}
