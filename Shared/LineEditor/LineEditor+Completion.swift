import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

extension LineEditor {
    /// Tab: asks the completer for the word before the cursor and inserts, extends or lists the candidates.
    func complete() -> UInt8 {
        guard let session, let completer = configuration.completer else { return UInt8(CC_REFRESH_BEEP) }
        let (scalars, cursor) = session.currentLine()
        var start = cursor
        while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<cursor]))
        let before = String(String.UnicodeScalarView(scalars[..<start]))
        let request = CompletionRequest(
            line: String(String.UnicodeScalarView(scalars)), word: word,
            precedingWords: before.split(whereSeparator: \.isWhitespace).map(String.init))
        let candidates = completer(request)
        guard let first = candidates.first else { return UInt8(CC_REFRESH_BEEP) }
        if candidates.count == 1 {
            replaceWord(length: cursor - start, with: first.hasSuffix("/") ? first : first + " ")
            return UInt8(CC_REFRESH)
        }
        let prefix = commonPrefix(of: candidates)
        if prefix.unicodeScalars.count > word.unicodeScalars.count {
            replaceWord(length: cursor - start, with: prefix)
            return UInt8(CC_REFRESH)
        }
        list(candidates, session: session)
        return UInt8(CC_NORM)
    }

    private func replaceWord(length: Int, with replacement: String) {
        guard let editLine = session?.editLine else { return }
        if length > 0 { el_deletestr(editLine, Int32(length)) }
        _ = el_winsertstr(editLine, wideCString(replacement))
    }

    /// Prints the candidates in columns below the line, then redraws the prompt and line under them.
    private func list(_ candidates: [String], session: LibEditSession) {
        session.flush()
        let geometry = session.geometry()
        let cellWidth = (candidates.map { terminalColumns(of: $0.unicodeScalars) }.max() ?? 0) + 2
        let perRow = max(1, geometry.columns / cellWidth)
        var text = geometry.moveToEnd + "\r\n"
        for (index, candidate) in candidates.enumerated() {
            let isLast = index % perRow == perRow - 1 || index == candidates.count - 1
            let padding = isLast ? 0 : cellWidth - terminalColumns(of: candidate.unicodeScalars)
            text += candidate + String(repeating: " ", count: padding) + (isLast ? "\r\n" : "")
        }
        writeAll(text, to: configuration.output)
        _ = clibedit_refresh(session.editLine)
    }
}

/// The longest common prefix of `strings`, compared by grapheme cluster.
func commonPrefix(of strings: [String]) -> String {
    guard var prefix = strings.first.map(Array.init) else { return "" }
    for string in strings.dropFirst() {
        let characters = Array(string)
        var length = 0
        while length < min(prefix.count, characters.count), prefix[length] == characters[length] { length += 1 }
        prefix.removeLast(prefix.count - length)
    }
    return String(prefix)
}
