import HTMLText
import Testing

@Suite("HTML to text")
struct HTMLTextTests {
    @Test("paragraphs, lists, links numbered with their URLs below")
    func structure() {
        let html = """
            <p>First &amp; <b>bold</b> <a href="https://a.example/x?y=1&amp;z=2">one</a>.</p><p>Second</p>
            <ol><li>alpha</li><li>beta <a href="https://b.example">two</a></li></ol><ul><li>dot</li></ul>
            <blockquote>quoted</blockquote><pre>  code
              more</pre><img src="https://c.example/i.png" alt="pic"><script>no()</script>
            """
        let lines = HTMLDocumentText(html: html).lines(width: 60)
        #expect(
            lines == [
                "First & bold one[1].", "", "Second", "", "  1. alpha", "  2. beta two[2]", "  • dot", "",
                "│ quoted", "", "      code", "      more", "", "[image: pic][3]", "", "[1] https://a.example/x?y=1&z=2",
                "[2] https://b.example", "[3] https://c.example/i.png",
            ])
    }

    @Test("a line break in the source is a space; a blank line separates paragraphs")
    func sourceLineBreaks() {
        let html =
            "<p>Information on who can apply is\r\n<a href=\"https://a.example\">here</a>.\nAnd more\n</p><p>x</p>"
        #expect(
            HTMLDocumentText(html: html).lines(width: 60) == [
                "Information on who can apply is here[1]. And more", "", "x", "", "[1] https://a.example",
            ])
        let plain = "First paragraph,\n  still the first.\n\nSecond one.\n \n\nThird."
        #expect(
            HTMLDocumentText(html: plain).lines(width: 60) == [
                "First paragraph, still the first.", "", "Second one.", "", "Third.",
            ])
        #expect(HTMLDocumentText(html: "<pre>a\n  b</pre>").lines(width: 60) == ["    a", "      b"])
    }

    @Test("wraps to the width, CJK counted as two columns")
    func wrapping() {
        let lines = HTMLDocumentText(html: "<p>" + String(repeating: "漢字 ", count: 30) + "</p>").lines(width: 20)
        #expect(lines.allSatisfy { $0.count * 2 <= 20 + 2 })
        #expect(lines.count > 4)
    }

    @Test("escape sequences and controls are removed, even from entities and attributes")
    func hostile() {
        let html = "<p>a\u{1B}[2Jb &#27;]52;c;x&#7; c\u{9B}31m</p><a href=\"https://e.example/&#27;[1m\">l</a>"
        let text = HTMLDocumentText(html: html).lines(width: 80).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x9B || $0.value == 0x7F })
    }

    @Test("broken markup does not lose text")
    func broken() {
        #expect(HTMLDocumentText(html: "a < b and <i>c").lines(width: 40) == ["a < b and c"])
        #expect(HTMLDocumentText(html: "x <!-- never closed").lines(width: 40) == ["x"])
        #expect(HTMLDocumentText(html: "plain text").lines(width: 40) == ["plain text"])
    }
}
