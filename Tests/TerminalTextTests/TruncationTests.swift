import TerminalText
import Testing

@Suite("Truncation and padding")
struct TruncationTests {
    @Test(
        "truncated to exact widths",
        arguments: [
            ("hello world", 11, "hello world"),
            ("hello world", 10, "hello wor…"),
            ("hello world", 1, "…"),
            ("hello world", 0, ""),
            ("日本語テキスト", 7, "日本語…"),
            ("日本語テキスト", 6, "日本…"),  // the third ideograph would straddle: width 5
            ("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 3, "👨‍👩‍👧‍👦…"),
            ("e\u{0301}e\u{0301}e\u{0301}", 2, "e\u{0301}…"),
        ] as [(String, Int, String)])
    func truncated(text: String, width: Int, expected: String) {
        let result = text.truncated(toWidth: width)
        #expect(result == expected)
        #expect(result.displayWidth <= width)
    }

    @Test("padding and alignment")
    func padding() {
        #expect("ab".padded(toWidth: 5) == "ab   ")
        #expect("ab".padded(toWidth: 5, alignment: .right) == "   ab")
        #expect("ab".padded(toWidth: 5, alignment: .center) == " ab  ")
        #expect("日本".padded(toWidth: 5) == "日本 ")
        #expect("toolong".padded(toWidth: 3) == "toolong")
    }

    @Test("fitted cells are exactly their width", arguments: [0, 1, 2, 5, 9, 20])
    func fitted(width: Int) {
        for text in ["", "ascii text here", "日本語のタイトルです", "mixed 日本 text 🇫🇷"] {
            #expect(text.fitted(toWidth: width).displayWidth == width)
            #expect(text.fitted(toWidth: width, alignment: .right).displayWidth == width)
        }
    }
}
