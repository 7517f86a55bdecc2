import Foundation
import TerminalText
import Testing

@testable import ReportFront

/// sfeed's TSV as the renderer writes it: the content field's escaping, and what untrusted feed text becomes
/// in each field.
struct TSVRendererTests {
    /// Raw content → the content field: sfeed's escapes, and nothing a terminal or an HTML renderer would act on.
    @Test(arguments: [
        ("", ""),
        ("<p>plain</p>", "<p>plain</p>"),
        ("a\\b", "a\\\\b"),
        ("line\nbreak", "line\\nbreak"),
        ("tab\there", "tab\\there"),
        ("text \\n that looks escaped", "text \\\\n that looks escaped"),
        ("trailing\\", "trailing\\\\"),
        ("crlf\r\nlf", "crlf\\nlf"),
        ("lone\rcr", "lone\\ncr"),
        ("café | crème", "café | crème"),
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("osc\u{1B}]52;c;aGk=\u{07}end", "oscend"),
        ("csi\u{9B}2Jend", "csiend"),
        ("bell\u{07} nul\u{0} del\u{7F}", "bell nul del"),
        ("bidi\u{202E}x\u{2066}y", "bidixy"),
        ("&#x1B;[2J", "&amp;#x1B;[2J"),
        ("&#27;]0;t&#X9B;", "&amp;#27;]0;t&amp;#X9B;"),
        ("&#x1b without a semicolon", "&amp;#x1b without a semicolon"),
        ("&#x202e;&#8238;", "&amp;#x202e;&amp;#8238;"),
        ("&#0000000000000000027;", "&amp;#0000000000000000027;"),
        ("&#10;&#9;&#x41;&amp;&#169;&#;&#x;&#99999999999;", "&#10;&#9;&#x41;&amp;&#169;&#;&#x;&#99999999999;"),
        ("&\u{07}#x1B;", "&amp;#x1B;"),
    ])
    func contentField(raw: String, field: String) {
        #expect(TSVRenderer.escapedContent(raw) == field)
    }

    /// The fast check says "safe" exactly when the sanitiser would change nothing.
    @Test(arguments: [
        "", "<p>plain</p>", "line\nand\ttab", "“curly” ’quotes’ — dashes … café 日本語 🙂", "\r", "\u{7F}",
        "\u{1B}[0m", "\u{85}", "\u{9B}", "\u{9F}", "\u{A0}nbsp", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}",
        "\u{2027}\u{202F}", "\u{2066}", "\u{2069}", "\u{2065}\u{206A}", "\u{FEFF}", "\u{FEFE}\u{FFFD}", "\u{0B}\u{0C}",
    ])
    func fastCheckAgreesWithTheSanitizer(text: String) {
        #expect(
            TSVRenderer.isTerminalSafe(text)
                == (TerminalSanitizer.sanitize(text, lineBreaks: .keep, tabs: .keep) == text))
    }

    /// Content without controls comes back as it was through sfeed's unescaping, and is one field.
    @Test(arguments: [
        "<p>First line\nSecond\tline</p>", "C:\\new\\table\\", "\\\\n\\t\\", "\n\n\t\t", "| pipes | and &amp; |",
        "日本語\nテキスト",
    ])
    func contentRoundTrips(html: String) {
        let field = TSVRenderer.escapedContent(html)
        #expect(!field.contains("\n") && !field.contains("\t"))
        #expect(SfeedFixture.unescaped(field) == html)
    }

    /// Categories → the category field: `|` is sfeed's separator, so never part of a category.
    @Test(arguments: [
        ([], ""), (["Swift"], "Swift"), (["Swift", "Linux"], "Swift|Linux"), (["a|b", "c"], "a b|c"),
        (["|", "", "x"], "x"), (["tab\tinside", " | edge | "], "tab inside|edge"),
    ])
    func categoryField(categories: [String], field: String) {
        #expect(TSVRenderer.categories(categories) == field)
    }

    @Test func sfeedsOneLineFields() {
        #expect(TSVRenderer.oneLine("a\tb\nc") == "a b c")
        #expect(TSVRenderer.oneLine("clean title") == "clean title")
    }

    /// A whole line: ten fields, content-type only with content, the feed's own id.
    @Test func lineOfTenFields() {
        let date = Date(timeIntervalSince1970: 1_764_583_200.75)
        func item(content: String?) -> ReportItem {
            ReportItem(
                id: UUID(), itemID: "guid-1", sourceID: UUID(), sourceName: "Source", title: "Title",
                link: "https://example.org/a", author: nil, date: date, isNew: true, isRead: false,
                isStarred: false, contentHTML: content, enclosure: "", categories: ["a", "b"])
        }
        let report = Report(
            now: date, sources: [], items: [item(content: "<p>x\ny</p>"), item(content: nil), item(content: "\u{7}")],
            newCount: 3, unreadCount: 3)
        let lines = TSVRenderer().render(report).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(
            lines == [
                [
                    "1764583200", "Title", "https://example.org/a", "<p>x\\ny</p>", "html", "guid-1", "", "", "a|b",
                    "Source",
                ],
                ["1764583200", "Title", "https://example.org/a", "", "", "guid-1", "", "", "a|b", "Source"],
                ["1764583200", "Title", "https://example.org/a", "", "", "guid-1", "", "", "a|b", "Source"],
            ])
    }
}
