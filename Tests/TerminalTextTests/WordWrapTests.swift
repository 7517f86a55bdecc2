import TerminalText
import Testing

@Suite("Word wrapping")
struct WordWrapTests {
    @Test("breaks at spaces at the exact width")
    func exactWidth() {
        #expect("aaa bbb ccc".wrapped(toWidth: 7) == ["aaa bbb", "ccc"])
        #expect("aaa bbb ccc".wrapped(toWidth: 6) == ["aaa", "bbb", "ccc"])
        #expect("aaa bbb ccc".wrapped(toWidth: 11) == ["aaa bbb ccc"])
    }

    @Test("long words are broken, never past the width")
    func longWord() {
        let lines = "see https://example.com/a/very/long/path now".wrapped(toWidth: 10)
        #expect(lines == ["see", "https://ex", "ample.com/", "a/very/lon", "g/path now"])
        #expect(lines.allSatisfy { $0.displayWidth <= 10 })
    }

    @Test("wide characters are not split and count two columns")
    func wide() {
        let lines = "日本語のテキストを折り返す".wrapped(toWidth: 7)
        #expect(lines == ["日本語", "のテキ", "ストを", "折り返", "す"])
        #expect(lines.allSatisfy { $0.displayWidth <= 7 })
    }

    @Test("paragraphs and empty lines are kept")
    func paragraphs() {
        #expect("one two\n\nthree".wrapped(toWidth: 20) == ["one two", "", "three"])
    }

    @Test("hanging indent")
    func indent() {
        let lines = "first second third fourth".wrapped(toWidth: 14, indent: "- ", subsequentIndent: "  ")
        #expect(lines == ["- first second", "  third fourth"])
    }

    @Test("every line fits, for many widths", arguments: 1...30)
    func fits(width: Int) {
        let text = "Swift 6 は 😀 emoji と CJK をe\u{0301}含む long-unbroken-word-here text."
        for line in text.wrapped(toWidth: width) {
            #expect(line.displayWidth <= max(width, 2))
        }
    }
}
