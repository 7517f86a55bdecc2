import TerminalText
import Testing

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "widths of strings",
        arguments: [
            ("", 0),
            ("hello", 5),
            ("a b\tc", 4),  // the tab is a control character: zero
            ("日本語", 6),
            ("ｈｅｌｌｏ", 10),  // fullwidth forms
            ("한국어", 6),  // precomposed Hangul syllables
            ("\u{1100}\u{1161}\u{11A8}", 2),  // conjoining jamo: one syllable
            ("e\u{0301}", 1),  // combining acute
            ("Z\u{0351}\u{0353}\u{0363}", 1),  // stacked combining marks
            ("\u{0301}", 0),  // a lone combining mark
            ("😀", 2),
            ("👍🏽", 2),  // emoji with skin tone modifier
            ("👨‍👩‍👧‍👦", 2),  // ZWJ family sequence
            ("🏳️‍🌈", 2),  // rainbow flag: ZWJ with VS16
            ("🇫🇷", 2),  // flag: regional-indicator pair
            ("🇫🇷🇩🇪", 4),
            ("❤️", 2),  // text-default heart with VS16
            ("❤", 1),  // text-default heart alone
            ("1️⃣", 2),  // keycap sequence
            ("a\u{200B}b", 2),  // zero-width space
            ("Ünïcödé", 7),
            ("中a文", 5),
        ] as [(String, Int)])
    func width(text: String, expected: Int) {
        #expect(text.displayWidth == expected)
    }

    @Test("control characters take no columns")
    func controls() {
        #expect("\u{1B}\u{7F}\u{9B}\u{0}".displayWidth == 0)
    }

    @Test("a character's width matches the string's width")
    func characterWidth() {
        #expect(Character("語").displayWidth == 2)
        #expect(Character("x").displayWidth == 1)
        #expect(Character("\u{200D}").displayWidth == 0)
    }
}
