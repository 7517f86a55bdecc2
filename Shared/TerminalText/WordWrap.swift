/// Breaking text into lines that fit a terminal's width, for article bodies and long messages.
///
/// Lines break at spaces; a word wider than the line (a URL, a run of CJK without spaces) is broken between
/// grapheme clusters, never inside one, and a wide character is never split across lines.
extension String {
    /// The text as lines of at most `width` columns (see ``Swift/StringProtocol/displayWidth``).
    ///
    /// Each `\n` starts a new paragraph; empty lines are kept. Runs of spaces between words collapse to one.
    ///
    /// - Parameters:
    ///   - width: the column budget of every line, indentation included; values below 1 act as 1.
    ///   - indent: put before the first line of each paragraph (list markers, quotes).
    ///   - subsequentIndent: put before every following line of the paragraph (a hanging indent).
    public func wrapped(toWidth width: Int, indent: String = "", subsequentIndent: String = "") -> [String] {
        var lines: [String] = []
        for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
            lines += wrapParagraph(
                paragraph, width: Swift.max(width, 1), indent: indent, subsequentIndent: subsequentIndent)
        }
        return lines
    }

    private func wrapParagraph(
        _ paragraph: Substring, width: Int, indent: String, subsequentIndent: String
    ) -> [String] {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        guard !words.isEmpty else { return [indent.isEmpty ? "" : String(indent.prefix(ofWidth: width))] }
        var lines: [String] = []
        var line = indent
        var lineWidth = indent.displayWidth
        var lineHasWord = false

        func startLine() {
            lines.append(line)
            line = subsequentIndent
            lineWidth = subsequentIndent.displayWidth
            lineHasWord = false
        }

        for word in words {
            let wordWidth = word.displayWidth
            if lineWidth + (lineHasWord ? 1 : 0) + wordWidth <= width {
                if lineHasWord { line += " " }
                line += word
                lineWidth += (lineHasWord ? 1 : 0) + wordWidth
                lineHasWord = true
                continue
            }
            if lineHasWord { startLine() }
            if lineWidth + wordWidth <= width {
                line += word
                lineWidth += wordWidth
                lineHasWord = true
                continue
            }
            // The word is wider than a whole line: break it between grapheme clusters.
            for character in word {
                let characterWidth = character.displayWidth
                if lineHasWord, lineWidth + characterWidth > width { startLine() }
                line.append(character)
                lineWidth += characterWidth
                lineHasWord = true
            }
        }
        lines.append(line)
        return lines
    }
}
