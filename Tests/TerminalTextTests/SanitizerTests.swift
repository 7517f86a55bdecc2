import TerminalText
import Testing

@Suite("Sanitiser")
struct SanitizerTests {
    @Test(
        "hostile strings lose every control and escape",
        arguments: [
            ("clear\u{1B}[2Jscreen", "clearscreen"),
            ("\u{1B}[1;31mred\u{1B}[0m", "red"),
            ("copy\u{1B}]52;c;ZXZpbA==\u{07}me", "copyme"),  // OSC 52 clipboard, BEL-terminated
            ("copy\u{1B}]52;c;ZXZpbA==\u{1B}\\me", "copyme"),  // OSC 52, ST-terminated
            ("\u{1B}]8;;http://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),  // OSC 8 hyperlink
            ("a\u{9B}2Jb", "ab"),  // C1 CSI
            ("a\u{9D}0;title\u{9C}b", "ab"),  // C1 OSC with C1 ST
            ("a\u{1B}P1$qm\u{1B}\\b", "ab"),  // DCS request
            ("a\u{1B}_apc\u{1B}\\b", "ab"),  // APC
            ("a\u{1B}cb", "ab"),  // RIS (full reset)
            ("a\u{1B}(0b", "ab"),  // designate G0 charset (line drawing)
            ("nul\u{0}byte", "nulbyte"),
            ("bell\u{07}del\u{7F}", "belldel"),
            ("\u{202E}txt.exe", "txt.exe"),  // right-to-left override
            ("a\u{2066}b\u{2069}c", "abc"),  // isolates
            ("\u{FEFF}bom", "bom"),
            ("a\u{85}b", "a b"),  // NEL
            ("unterminated \u{1B}]0;title", "unterminated "),
            ("trailing escape\u{1B}", "trailing escape"),
            ("日本語 ok é", "日本語 ok é"),
        ] as [(String, String)])
    func hostile(input: String, expected: String) {
        let clean = input.sanitizedForTerminal()
        #expect(clean == expected)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("line breaks and tabs follow the caller's policy")
    func whitespace() {
        let text = "one\r\ntwo\rthree\nfour\tfive"
        #expect(text.sanitizedForTerminal(lineBreaks: .keep, tabs: .keep) == "one\ntwo\nthree\nfour\tfive")
        #expect(text.sanitizedForTerminal() == "one two three four five")
        #expect(text.sanitizedForTerminal(lineBreaks: .remove, tabs: .remove) == "onetwothreefourfive")
    }

    @Test("an escape cannot be rebuilt from the pieces left behind")
    func noReassembly() {
        let clean = "\u{1B}\u{1B}[[31m".sanitizedForTerminal()
        #expect(!clean.contains("\u{1B}"))
    }
}
