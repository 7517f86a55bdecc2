import ArticleExtractor
import Foundation
import Testing

/// Pages made to hurt a parser. Each must end within the limits with a clear problem, or with its article;
/// none may crash, hang or take unbounded memory. (Time limits here are generous: the machine may be loaded.)
@Suite("Hostile pages", .timeLimit(.minutes(2)))
struct HostileTests {
    let extractor = ArticleExtractor()
    let url = URL(string: "https://hostile.example/")!

    static func repeated(_ piece: String, _ count: Int) -> Data {
        var bytes: [UInt8] = []
        let unit = Array(piece.utf8)
        bytes.reserveCapacity(unit.count * count)
        for _ in 0..<count { bytes += unit }
        return Data(bytes)
    }

    @Test("markup that fails one of the parser's own checks ends with a problem, not with the process")
    func parserAssertion() {
        // Debian's Gumbo aborts here (an assertion in its table rules): a CDATA section in an SVG description
        // inside a table, then text.
        for page in ["<table><svg><desc><![CDATA[y]]>x", "<table><math><mi><![CDATA[y]]>text</mi></math></table>"] {
            #expect(throws: ExtractionProblem.noContent) {
                try extractor.extract(html: Data(page.utf8), url: url)
            }
        }
        // The parser thread, and the process, go on parsing.
        let news = try? extractor.extract(html: Data(TestPages.news.utf8), url: url)
        #expect(news?.text.contains(TestPages.lorem[0]) == true)
    }

    @Test("a million nested elements are refused by the scan before parsing")
    func millionNested() {
        let page = Self.repeated("<div>", 1_000_000)
        #expect(throws: ExtractionProblem.nestedTooDeeply(limit: ExtractionLimits.default.maxDepth)) {
            try extractor.extract(html: page, url: url)
        }
    }

    @Test("a million sibling elements are refused as too many")
    func millionSiblings() {
        let page = Self.repeated("<p>x</p>", 1_000_000)
        #expect(throws: ExtractionProblem.tooManyElements(limit: ExtractionLimits.default.maxElements)) {
            try extractor.extract(html: page, url: url)
        }
    }

    @Test("50 MB of markup is refused as too large without being read")
    func fiftyMegabytes() {
        let page = Self.repeated("<p>Lorem ipsum dolor sit amet, consectetur.</p>\n", 50 << 20 / 48)
        #expect(throws: ExtractionProblem.tooLarge(bytes: page.count, limit: ExtractionLimits.default.maxInputBytes)) {
            try extractor.extract(html: page, url: url)
        }
    }

    @Test("nesting just under the depth limit is parsed and walked without recursion")
    func deepButAllowed() throws {
        let depth = ExtractionLimits.default.maxDepth - 10
        var html = String(repeating: "<div>", count: depth)
        html += TestPages.lorem.map { "<p>\($0)</p>" }.joined()
        html += String(repeating: "</div>", count: depth)
        // A debug build on a loaded machine is slow; what this test is about is the stack, not the time.
        let patient = ArticleExtractor(limits: ExtractionLimits(timeLimit: .seconds(90)))
        let article = try patient.extract(html: Data(html.utf8), url: url)
        #expect(article.text.contains(TestPages.lorem[3]))
    }

    @Test("formatting elements that HTML reopens in every paragraph (millions of elements from a few thousand tags) stop the parse")
    func reopenedFormatting() {
        // Each <b> with its own attribute is a distinct formatting element; closed with the first paragraph,
        // it is reopened in each paragraph after it: 2,000 × 2,000 elements from 4,000 tags.
        var html = "<p>"
        for index in 0..<2_000 { html += "<b id=\"b\(index)\">" }
        html += "text</p>" + String(repeating: "<p>text</p>", count: 2_000)
        let limits = ExtractionLimits(maxDepth: 100_000, timeLimit: .seconds(20))
        let started = ContinuousClock.now
        do {
            _ = try ArticleExtractor(limits: limits).extract(html: Data(html.utf8), url: url)
        } catch {
            #expect([.timeLimitExceeded(limit: .seconds(20)), .parserMemoryExceeded(limit: limits.maxParserMemory)].contains(error))
            return
        }
        Issue.record("the parse of \(ContinuousClock.now - started) was not stopped")
    }

    @Test("a parse over its memory budget stops with a problem")
    func memoryBudget() {
        let page = Self.repeated("<p class=\"a b c\">Lorem ipsum dolor sit amet.</p>", 20_000)
        let limits = ExtractionLimits(maxParserMemory: 1 << 20)
        #expect(throws: ExtractionProblem.parserMemoryExceeded(limit: 1 << 20)) {
            try ArticleExtractor(limits: limits).extract(html: page, url: url)
        }
    }

    @Test("a parse past its time limit stops with a problem")
    func timeLimit() {
        let page = Self.repeated("<p class=\"a b c\">Lorem ipsum dolor sit amet.</p>", 100_000)
        let limits = ExtractionLimits(timeLimit: .zero)
        #expect(throws: ExtractionProblem.timeLimitExceeded(limit: .zero)) {
            try ArticleExtractor(limits: limits).extract(html: page, url: url)
        }
    }

    @Test("a broken document (unclosed tags, stray end tags, a truncated end) still gives its article")
    func brokenMarkup() throws {
        let html = "<html><body><div class=content></span></td><p>" + TestPages.lorem.joined(separator: "<p>") + "</div></i></b><p>Tail <a href="
        let article = try extractor.extract(html: Data(html.utf8), url: url)
        #expect(article.text.contains(TestPages.lorem[2]))
    }

    @Test("pages mangled with stray tags, cut markup and random bytes end with a problem or an article, never a crash")
    func mangledPages() {
        var random = SplitMix(seed: 26)
        let pieces = ["<", ">", "</", "<table>", "<td>", "<svg>", "</svg>", "<math>", "<select>", "<frameset>",
                      "<template>", "<!--", "-->", "<script>", "</script>", "<p>", "<b id=x>", "&#0;", "&#x1B;", "<pre>",
                      "<noscript>", "<plaintext>", "</body>", "<img data-src=\"x.jpg\" srcset=\",,, 1x\">"].map { Array($0.utf8) }
        for page in [TestPages.news, TestPages.blog] {
            for _ in 0..<100 {
                var bytes = Array(page.utf8)
                for _ in 0..<Int(random.next() % 40 + 1) {
                    let position = Int(random.next() % UInt64(bytes.count + 1))
                    switch random.next() % 3 {
                    case 0: bytes.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))], at: position)
                    case 1: bytes.removeSubrange(position..<min(bytes.count, position + Int(random.next() % 200)))
                    default: bytes.insert(contentsOf: (0..<8).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: position)
                    }
                }
                do {
                    _ = try extractor.extract(html: Data(bytes), url: url)
                } catch {
                    // Any problem is an answer; what this test rules out is a crash or a hang.
                }
            }
        }
    }

    @Test("random bytes end with a problem or an article, never a crash")
    func randomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let bytes = (0..<4096).map { _ in UInt8.random(in: 0x20...0xFF, using: &generator) }
            do {
                _ = try extractor.extract(html: Data(bytes), url: url)
            } catch {
                // Any problem is an answer; what this test rules out is a crash or a hang.
            }
        }
    }
}
