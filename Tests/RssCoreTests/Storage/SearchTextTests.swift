import GRDB
import Testing

@testable import RssCore

/// `rss_search_text_v1` must give the text it gave when an article was indexed, or FTS5 cannot remove that
/// article's words (see ``SearchText``). These are the outputs of its first implementation, for markup that is
/// easy to get wrong: any faster implementation must give them byte for byte.
@Suite("The search text is what version 1 of its function made")
struct SearchTextTests {
    static let firstImplementation: [(html: String, text: String)] = [
        ("plain text, no markup", "plain text, no markup"),
        ("<p>one</p><p>two</p>", " one  two "),
        ("a<b>bold</b>c", "aboldc"),
        ("a<div>block</div>c", "a block c"),
        ("<P>Upper</P>", " Upper "),
        ("x<SCRIPT>var div = 1;</script >y", "x y"),
        ("<style>p { color: red }</STYLE>z", " z"),
        ("<script>never closed", " "),
        ("<script>a</scriptx>b</script>c", " b c"),
        ("</script>after a stray end tag", " after a stray end tag"),
        ("a<!-- <b>hidden</b> -->b", "a b"),
        ("a<!-- never closed", "a "),
        ("a<!---->b", "a b"),
        ("<!--x--", " "),
        ("unclosed <tag and text", "unclosed  "),
        ("trailing <", "trailing  "),
        ("<>empty<>tag", " empty tag"),
        ("a</ b>c", "a c"),
        ("a<//em>c", "ac"),
        ("<abcdefghijklmnopq>long name</abcdefghijklmnopq>", " long name "),
        ("<h1>Title</h1>", " Title "),
        ("<a href=\"https://x.example/div\">link</a>.", "link."),
        ("&lt;b&gt;escaped&lt;/b&gt;", "<b>escaped</b>"),
        ("caf&eacute; &amp; &#8217; &#x41;", "café & ’ A"),
        ("&unknown; & stray", "&unknown; & stray"),
        ("<span>in</span>line<br/>break", "inline break"),
        ("é<i>ü</i>😀<p>中文</p>", "éü😀 中文 "),
        ("<\u{0F}script>x", " x"),
        ("<script\u{0F}>y</script>z", " z"),
        ("<em\n>new line in a tag</em>", "new line in a tag"),
        ("a<b c='>'>d", "a'>d"),
    ]

    @Test("markup is taken out as the first implementation took it out", arguments: firstImplementation)
    func sameText(html: String, text: String) {
        #expect(SearchText.plain(html: html) == text)
    }

    @Test("the SQL function joins summary and content with one space, none beside NULL or a part with no text")
    func sqlFunction() throws {
        let queue = try DatabaseQueue()
        let cases: [(summary: String?, content: String?, text: String)] = [
            ("<p>summary</p>", "<p>content</p>", " summary   content "),
            ("summary", nil, "summary"),
            (nil, "content", "content"),
            ("", "content", "content"),
            ("<!-- nothing -->", "content", "  content"),
            ("<script>x</script>", "<em></em>", " "),
            ("summary", "", "summary"),
            ("", "", ""),
            (nil, nil, ""),
            ("a &amp", "amp; b", "a &amp amp; b"),
            ("&#65", "&#66;", "A B"),
        ]
        try queue.write { db in
            db.add(function: SearchText.function)
            for (summary, content, text) in cases {
                let result = try String.fetchOne(
                    db, sql: "SELECT \(SearchText.functionName)(?, ?)", arguments: [summary, content])
                #expect(result == text, "\(String(describing: summary)), \(String(describing: content))")
            }
        }
    }
}
