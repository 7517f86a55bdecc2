@testable import ArticleExtractor
import Foundation
import Testing

/// Stand-ins (``StandInWriter``): Gumbo reads less, and the tree built from it is the tree of the page as it was.
@Suite("Stand-ins for text and attribute values")
struct StandInTests {
    /// The page's tree parsed as it is and parsed through stand-ins, and the bytes Gumbo read in the second.
    static func trees(_ html: [UInt8]) throws -> (plain: PageParser.Parsed, stood: PageParser.Parsed, read: [UInt8], standIns: Int) {
        let limits = ExtractionLimits.default
        let scan = try html.withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: limits) }
        let markup = ParserInput.make(html, scan)
        let substituted = StandInWriter.substitute(markup)
        let plain = try PageParser.parse(markup, standIns: StandIns(), limits: limits, budget: WorkBudget(limit: .seconds(60)))
        let stood = try PageParser.parse(substituted.bytes, standIns: substituted.standIns, limits: limits,
                                         budget: WorkBudget(limit: .seconds(60)))
        return (plain, stood, substituted.bytes, substituted.standIns.count)
    }

    /// The first difference between two trees, nil when they are the same node for node.
    static func difference(_ a: Document, _ b: Document) -> String? {
        guard a.nodes.count == b.nodes.count else { return "\(a.nodes.count) nodes against \(b.nodes.count)" }
        for index in a.nodes.indices {
            let node = Int32(index)
            let left = a.nodes[index], right = b.nodes[index]
            guard left.parent == right.parent, left.firstChild == right.firstChild, left.next == right.next,
                  left.tag == right.tag, left.isText == right.isText else { return "node \(index): structure" }
            if left.isText {
                guard a.textBytes(node) == b.textBytes(node) else {
                    return "node \(index): text \(a.textContent(node).debugDescription) against \(b.textContent(node).debugDescription)"
                }
            } else {
                let leftAttributes = a.attributeList(node).map { "\($0.name)=\($0.value)" }
                let rightAttributes = b.attributeList(node).map { "\($0.name)=\($0.value)" }
                guard leftAttributes == rightAttributes else {
                    return "node \(index) <\(a.tag(node).name)>: \(leftAttributes) against \(rightAttributes)"
                }
            }
        }
        return nil
    }

    static func expectSameTree(_ html: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let (plain, stood, read, _) = try trees(Array(html.utf8))
        #expect(difference(plain.document, stood.document) == nil, sourceLocation: sourceLocation)
        #expect(plain.jsonLD == stood.jsonLD, sourceLocation: sourceLocation)
        return read
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("long text and long attribute values reach Gumbo as stand-ins and come back in the tree")
    func replacesAndRestores() throws {
        let html = #"<p class="story-body-paragraph">The council met on Tuesday &amp; voted &#8220;yes&#8221;.</p>"#
        let read = try Self.expectSameTree(html)
        #expect(!Self.text(read).contains("council"))
        #expect(!Self.text(read).contains("story-body"))
        let (_, stood, _, _) = try Self.trees(Array(html.utf8))
        let document = stood.document
        let paragraph = document.elements(in: document.root, tag: .p)[0]
        #expect(document.attribute(paragraph, "class") == "story-body-paragraph")
        #expect(document.textContent(paragraph) == "The council met on Tuesday & voted \u{201C}yes\u{201D}.")
    }

    @Test("attributes the extraction never reads are left out, except on images, embeds and formatting elements")
    func dropsUnreadAttributes() throws {
        let html = #"<div data-tracking="{&quot;a&quot;:1}" onclick="go()" class="c"><img data-src="/a.jpg" src="x.gif"><b data-x="1">t</b></div>"#
        let read = Self.text(try Self.expectSameTree(html))
        #expect(!read.contains("data-tracking"))
        #expect(!read.contains("onclick"))
        #expect(read.contains("data-src"))
        #expect(read.contains("data-x"))
    }

    @Test("each attribute the extraction reads is known by its name, in any case, and no other name is")
    func keptAttributeNames() {
        for (index, name) in KeptAttributes.names.enumerated() {
            for spelling in [name, name.uppercased()] {
                let bytes = Array(spelling.utf8)
                #expect(bytes.withUnsafeBufferPointer { KeptAttributes.index(of: $0.baseAddress!, count: $0.count) } == index)
            }
        }
        #expect(KeptAttributes.names[KeptAttributes.typeIndex] == "type")
        for other in ["data-src", "onclick", "aria-hiddenx", "classes", "i", "typ"] {
            let bytes = Array(other.utf8)
            #expect(bytes.withUnsafeBufferPointer { KeptAttributes.index(of: $0.baseAddress!, count: $0.count) } == nil)
        }
    }

    @Test("a reference Gumbo alone can decode leaves its text or value as it was")
    func unknownReferencesStay() throws {
        let read = Self.text(try Self.expectSameTree(#"<p title="caf&eacute; au lait">Caf&eacute; au lait, &copy 2024 and more words</p>"#))
        #expect(read.contains("caf&eacute; au lait"))
        #expect(read.contains("Caf&eacute; au lait"))
    }

    @Test("a page holding the stand-ins' marker character gets none")
    func markerInPage() throws {
        for html in ["<p>private \u{10FFFD} use character here</p>", "<p>a reference &#x10FFFD; to it, in long text</p>",
                     "<p>a reference &#1114109; to it, in long text</p>"] {
            _ = try Self.expectSameTree(html)
            #expect(try Self.trees(Array(html.utf8)).standIns == 0)
        }
    }

    @Test("equal values of formatting elements stay equal, so that HTML limits their reopened copies alike")
    func formattingEquality() throws {
        // Four identical <b> reopened in a new paragraph: HTML keeps three in its list; the fourth differs.
        let same = #"<b class="emphasis-long">"#
        let html = "<p>" + String(repeating: same, count: 4) + #"<b class="different-value">x</p><p>after the paragraph</p>"#
        _ = try Self.expectSameTree(html)
        let mixed = "<p>" + String(repeating: same, count: 3) + #"<b class="emphasis&#45;long">x</p><p>after it</p>"#
        _ = try Self.expectSameTree(mixed)
        let unknown = "<p>" + String(repeating: same, count: 3) + #"<b class="emphasis&#x2d;long">y<b class="&eacute;&eacute;&eacute;&eacute;">x</p><p>after</p>"#
        _ = try Self.expectSameTree(unknown)
    }

    @Test("raw text, foreign content, templates, selects and framesets are followed or copied as they are")
    func tokenizerStates() throws {
        let pages = [
            #"<title>A long title of the page</title><p>Some long paragraph text here</p>"#,
            #"<textarea><b class="not-a-tag-here">text</b></textarea><p class="after-the-area">words</p>"#,
            #"<script type="application/ld+json">{"a": "<p class='x'>"}</script><p>Long paragraph after it</p>"#,
            #"<svg viewBox="0 0 10 10"></svg><p class="after-the-svg">words and more words</p>"#,
            #"<math><mi>x</mi><mo>=</mo><mn>2</mn></math><p class="after-the-math">words and more</p>"#,
            #"<math><mtext><b class="bold-inside-math">b</b></mtext></math><p class="after-the-math">words</p>"#,
            #"<svg><p class="breaks-out-of-svg">text of the paragraph</p></svg><p class="after">more text</p>"#,
            #"<template><col><style><p class="in-style">x</style></template><p class="after-template">text</p>"#,
            #"<template><col><style><col title="</style><b class='bold-in-a-title'>"></template><b class="after">y"#,
            #"<select><style><p class="ignored-style">x</style></select><p class="after-select">text here</p>"#,
            #"<select><title><option title="</title><b class='bold-in-a-title'>">x</select><p class="after">y</p>"#,
            #"<select><option>A long option text</option></select><p class="after-select">long text here</p>"#,
            #"<frameset><frame src="long-frame-address.html"></frameset>"#,
            #"<plaintext><p class="not a tag">long text</p>"#,
            #"<table><tr><td>cell text, long enough</td></tr>stray text in the table<tr><td>x</td></tr></table>"#,
            "<pre>\n\n  indented code line one\n  line two</pre><pre>&#10;second pre block text</pre>",
            #"<a href="/first/long/address"><div><a href="/second/long/address">nested links text</a></div></a>"#,
            "<p>text with a < sign and </ 3 bogus and </> nothing and <?pi long?> more text</p>",
            #"<input type="hidden" value="long hidden value"><table><input type=hidden value="in the table"></table>"#,
            #"<isindex prompt="A long prompt for the index" action="/search/here">"#,
            #"<div class="unterminated value"#,
        ]
        for page in pages { _ = try Self.expectSameTree(page) }
    }

    @Test("tags Gumbo reads in quirky ways (a repeated name without a value, a name starting with =), and repeated bodies, give the same tree")
    func quirkyTags() throws {
        let pages = [
            #"<div title="a long title value" title data-x="1" class="a-long-class-name">text of the division</div>"#,
            #"<p prompt prompt property="og:long-property">text</p><p CLASS=x class/d/href="/a/long/address">y</p>"#,
            #"<i aria-hidden/=/>italic text here</i><figure/s/=><img src="/a/long/image/address.jpg"></figure>"#,
            #"<a href="/first/long/address" href title="a long title, repeated" title class>link text</a>"#,
            // A repeated body adds the attributes the first lacks, by name: one kept as written, one rewritten.
            #"<body title title class="first"><p>text</p><body title="a long second title" property="og:value">"#,
            #"<body property="og:first-value"><p>text</p><body id=x id property="og:second-value" role=main>"#,
        ]
        for page in pages { _ = try Self.expectSameTree(page) }
    }

    /// How the page's two parses differ (trees, JSON-LD, or the problem one of them ended with); nil when alike.
    static func comparison(_ html: [UInt8]) -> String? {
        let outcome = Result { () throws -> (PageParser.Parsed, PageParser.Parsed) in
            let (plain, stood, _, _) = try trees(html)
            return (plain, stood)
        }
        switch outcome {
        case .success(let (plain, stood)):
            return difference(plain.document, stood.document) ?? (plain.jsonLD == stood.jsonLD ? nil : "JSON-LD")
        case .failure(let error):
            // A page both parses refuse (Gumbo failing one of its checks, say) is alike if the plain one fails too.
            let limits = ExtractionLimits.default
            let plainFails = Result { () throws -> PageParser.Parsed in
                let scan = try html.withUnsafeBufferPointer { try MarkupPrescan.scan($0, limits: limits) }
                return try PageParser.parse(ParserInput.make(html, scan), standIns: StandIns(), limits: limits,
                                            budget: WorkBudget(limit: .seconds(60)))
            }
            if case .failure(let plainError) = plainFails, "\(plainError)" == "\(error)" { return nil }
            return "one parse failed: \(error)"
        }
    }

    @Test("random markup, tricky on purpose, gives the same tree with and without stand-ins")
    func randomPages() {
        var random = SplitMix(seed: 26)
        for round in 0..<1500 {
            let page = RandomMarkup.page(&random)
            let difference = Self.comparison(page)
            #expect(difference == nil, "round \(round): \(difference ?? "") in \(Self.text(page).debugDescription)")
            if difference != nil { break }
        }
    }
}

/// Markup made of the pieces that make HTML's tokenizer and tree construction take their rarer paths.
enum RandomMarkup {
    static let tags = [
        "div", "p", "span", "a", "b", "i", "em", "strong", "font", "code", "nobr", "table", "tr", "td", "th", "tbody",
        "caption", "colgroup", "col", "select", "option", "optgroup", "textarea", "title", "style", "script", "xmp",
        "iframe", "noembed", "noframes", "noscript", "template", "svg", "math", "mi", "mo", "mtext", "foreignObject",
        "desc", "g", "path", "annotation-xml", "pre", "listing", "form", "input", "img", "image", "isindex", "br",
        "hr", "li", "ul", "head", "body", "html", "meta", "link", "base", "h1", "figure", "picture", "source", "DIV",
        "A", "B", "x-widget", "frameset", "frame", "plaintext", "button", "label", "center", "sup",
    ]
    static let attributeNames = [
        "class", "id", "href", "src", "srcset", "data-src", "data-x", "onclick", "type", "style", "title", "color",
        "face", "xmlns", "xlink:href", "CLASS", "Href", "aria-hidden", "hidden", "content", "name", "property",
        "prompt", "action", "encoding", "\"q", "=eq", "<lt", "role", "alt", "value", "definitionURL",
    ]
    /// Text the writer decodes itself.
    static let plainPieces = [
        "word", "several words of text", "   ", "\n", "\t", "\u{0C}", "\r\n", "\r", "&amp;", "&lt;", "&gt;",
        "&quot;", "&apos;", "&nbsp;", "&rsquo;", "&mdash;", "&#39;", "&#x27;", "&#8220;", "&", "& ", "&y=2", "&amp=",
        "é", "日本語", "😀", "<", "< 3", "a<b", "=", ">", "/", "`",
    ]
    /// Text it leaves to Gumbo, and markup that is no element.
    static let trickyPieces = [
        "&copy", "&copy;", "&notin;", "&eacute;", "&#128;", "&#0;", "&#xD800;", "&#32;", "&#10;", "&#x110000;",
        "&#99999999999;", "&#;", "&#x;", "</>", "</ 3>", "<?pi?>", "<!-- comment -->", "<!--->", "<!-->",
        "<!DOCTYPE html>", "<![CDATA[x<y]]>", "\"", "'", "\u{0}", "\u{01}",
    ]

    /// The tags whose rules the writer follows most closely, drawn alone in every other page so that their
    /// combinations (a `<col>` in a `<template>` before a `<style>`, four equal `<b>`, a `<p>` in an `<svg>`) occur.
    static let riskyTags = [
        "template", "col", "colgroup", "select", "option", "style", "title", "textarea", "script", "svg", "math", "mi",
        "desc", "b", "a", "font", "p", "table", "td", "input", "div",
    ]

    static func page(_ random: inout SplitMix) -> [UInt8] {
        let vocabulary = Bool.random(using: &random) ? tags : riskyTags
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: bytes += text(&random)
            case 4...7: bytes += startTag(vocabulary.randomElement(using: &random)!, &random)
            case 8: bytes += Array("</\(vocabulary.randomElement(using: &random)!)>".utf8)
            default: bytes += invalidBytes(&random)
            }
        }
        if Int.random(in: 0..<8, using: &random) == 0 { bytes.removeLast(Int.random(in: 0...min(5, bytes.count), using: &random)) }
        return bytes
    }

    static func text(_ random: inout SplitMix) -> [UInt8] {
        var text = ""
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let pieces = Int.random(in: 0..<5, using: &random) == 0 ? trickyPieces : plainPieces
            text += pieces.randomElement(using: &random)!
        }
        return Array(text.utf8)
    }

    static func invalidBytes(_ random: inout SplitMix) -> [UInt8] {
        // Invalid sequences, then U+FDD0, U+FFFE, U+0080 and U+10FFFD (which Gumbo replaces, or the writer avoids).
        [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xC0, 0xAF], [0xEF, 0xBF, 0xBF],
         [0xEF, 0xB7, 0x90], [0xEF, 0xBF, 0xBE], [0xC2, 0x80], [0xF4, 0x8F, 0xBF, 0xBD]]
            .randomElement(using: &random)!
    }

    static func startTag(_ name: String, _ random: inout SplitMix) -> [UInt8] {
        var tag = Array("<\(name)".utf8)
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            tag += Array([" ", "  ", "\n", "\t", "/"].randomElement(using: &random)!.utf8)
            tag += Array(attributeNames.randomElement(using: &random)!.utf8)
            let value = text(&random).filter { $0 != 0x22 && $0 != 0x27 }
            switch Int.random(in: 0..<7, using: &random) {
            case 0: break
            case 6: tag += Array("=hidden".utf8)
            case 1: tag += Array("=\"".utf8) + value + Array("\"".utf8)
            case 2: tag += Array("='".utf8) + value + Array("'".utf8)
            case 3: tag += Array("=".utf8) + value.filter { $0 > 0x20 && $0 != UInt8(ascii: ">") }
            case 4: tag += Array(" = \"".utf8) + value + Array("\"".utf8)
            default:
                // Equal values spelled three ways (a character reference for the dash): they must stay equal.
                let dash = ["-", "&#45;", "&#x2D;"].randomElement(using: &random)!
                tag += Array("=\"long\(dash)value-\(Int.random(in: 0..<3, using: &random))-of-the-attribute\"".utf8)
            }
        }
        tag += Array([">", "/>", " >", " / >", ""].randomElement(using: &random)!.utf8)
        return tag
    }
}
