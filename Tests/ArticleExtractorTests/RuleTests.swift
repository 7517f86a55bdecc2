@testable import ArticleExtractor
import Foundation
import Testing

@Suite("The extractor's rules, one at a time")
struct RuleTests {
    @Test("titles lose the site name after the last separator, or before the first when too little is left", arguments: [
        ("How we built the bridge | City News", "How we built the bridge"),
        ("How we built the bridge – City News", "How we built the bridge"),
        ("Bridges / How we built the new bridge across the river", "How we built the new bridge across the river"),
        ("City News » Transport » How we built the new bridge", "City News » Transport » How we built the new bridge"),
        ("Home | Short", "Home | Short"),
        ("Transport: How the council built the new bridge", "How the council built the new bridge"),
    ])
    func titleCleaning(_ raw: String, _ expected: String) {
        #expect(TitleCleaner.clean(raw, headings: [], onlyH1: nil) == expected)
    }

    @Test("a title whose whole text is a heading of the page keeps its colon")
    func titleMatchingHeading() {
        let title = "Transport: How the council built the new bridge"
        #expect(TitleCleaner.clean(title, headings: [title], onlyH1: nil) == title)
    }

    @Test("srcset gives its widest candidate, addresses with commas included", arguments: [
        ("a.jpg 320w, b.jpg 1280w, c.jpg 640w", "b.jpg"),
        ("a.jpg 1x, b.jpg 2x", "b.jpg"),
        ("https://cdn.example/w_320,h_200/a.jpg 320w, https://cdn.example/w_960,h_600/a.jpg 960w", "https://cdn.example/w_960,h_600/a.jpg"),
        ("only.jpg", "only.jpg"),
    ])
    func srcset(_ srcset: String, _ expected: String) {
        #expect(LazyImages.bestCandidate(inSrcset: srcset) == expected)
    }

    @Test("the prescan counts elements and closes unclosed paragraphs and list items as HTML does")
    func prescanDepth() throws {
        let html = "<html><body>" + String(repeating: "<p>text", count: 500) + "<ul>" + String(repeating: "<li>item", count: 500) + "</ul></body></html>"
        let result = try Array(html.utf8).withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        #expect(result.elements == 1_003)
        // html, body, one paragraph at a time, then the list (which HTML would let close the paragraph: one too many).
        #expect(result.depth == 5)
    }

    @Test("the prescan ignores tags inside scripts and comments, and marks both for the parser to skip")
    func prescanRawText() throws {
        let html = "<script>var s = '<div><div><div>';</script><!-- <p><p> --><p>x</p>"
        let result = try Array(html.utf8).withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        #expect(result == MarkupPrescan.Result(elements: 2, depth: 1, skippable: [8..<34, 43..<58]))
    }

    @Test("a JSON-LD script's text is not skipped: the metadata needs it")
    func prescanKeepsJSONLD() throws {
        let html = "<script type=\"application/ld+json\">{\"@type\": \"Article\"}</script>"
        let result = try Array(html.utf8).withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        #expect(result.skippable.isEmpty)
    }

    @Test("an inline SVG's inside is skipped, unless it holds a tag that would end it in HTML")
    func prescanSkipsSVG() throws {
        let icon = "<p>a</p><svg viewBox=\"0 0 8 8\"><path d=\"M0 0h8v8z\"/><svg><g/></svg></svg><p>b</p>"
        let scanned = try Array(icon.utf8).withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        let start = icon.utf8.count - "<path d=\"M0 0h8v8z\"/><svg><g/></svg></svg><p>b</p>".utf8.count
        #expect(scanned.skippable == [start..<(start + "<path d=\"M0 0h8v8z\"/><svg><g/></svg>".utf8.count)])
        let broken = "<svg><circle/><p>text the parser moves out of the image</p></svg>"
        let kept = try Array(broken.utf8).withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        #expect(kept.skippable.isEmpty)
    }

    @Test("absolute http(s) addresses that need no parsing are taken as they are; others go through Foundation", arguments: [
        ("https://news.example/a/b?c=d#e", true),
        ("http://news.example", true),
        ("https://News.Example/a", false),
        ("https://news.example/a b", false),
        ("https://news.example/%41", false),
        ("/relative", false),
        ("javascript:alert(1)", false),
    ])
    func plainAbsoluteAddresses(_ address: String, _ plain: Bool) {
        #expect(URLResolver.isPlainAbsolute(address) == plain)
    }

    @Test("the parser's input has one whitespace character per run, except inside <pre>, and no controls")
    func parserInput() throws {
        let html = "<div>\n    <p>a   b\u{1B}c</p>\n\n  <pre>  x\n    y</pre>\t\t</div>"
        let bytes = Array(html.utf8)
        let prescan = try bytes.withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: .default) }
        let input = String(decoding: ParserInput.make(bytes, prescan), as: UTF8.self)
        #expect(input == "<div>\n<p>a bc</p>\n<pre>  x\n    y</pre> </div>")
    }

    @Test("class and id hints: furniture, content, and share as a word of its own")
    func classHints() {
        #expect(ClassHints.unlikely.matches("comments-list"))
        #expect(ClassHints.maybeContent.matches("main-column"))
        #expect(ClassHints.isNegative("hid"))
        #expect(!ClassHints.isNegative("hidalgo-story"))
        #expect(ClassHints.isShare("post_share-bar"))
        #expect(!ClassHints.isShare("shareholders"))
    }

    @Test("text is measured as Readability measures it: trimmed, whitespace runs counted once, commas of all scripts")
    func textMeasure() {
        var measure = TextMeasure()
        measure.add(ArraySlice("  Hello,\u{00A0}\n world，again  ".utf8))
        #expect(measure.length == "Hello, world，again".count)
        #expect(measure.commas == 2)
    }

    @Test("dates in the forms pages write", arguments: [
        ("2026-03-05T09:30:00Z", 1_772_703_000.0),
        ("2026-03-05T10:30:00+01:00", 1_772_703_000.0),
        ("2026-03-05 09:30:00.123Z", 1_772_703_000.0),
        ("2026-03-05T11:30+0200", 1_772_703_000.0),
        ("Thu, 05 Mar 2026 09:30:00 GMT", 1_772_703_000.0),
    ])
    func dates(_ raw: String, _ seconds: Double) {
        #expect(PublishedDate.parse(raw)?.timeIntervalSince1970 == seconds)
    }
}
