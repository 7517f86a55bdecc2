import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

/// Where the prompt and the line sit on screen, so that output can be placed around a line being edited.
///
/// libedit does not say which screen row its cursor is on; for a line that wraps over several rows this is
/// computed from the widths of the prompt and the text, the way libedit lays them out (row = offset / columns).
struct TerminalGeometry: Equatable {
    /// The prompt's width in columns, escape sequences excluded.
    var promptWidth: Int
    /// The text's width before the cursor.
    var widthBeforeCursor: Int
    /// The whole text's width.
    var lineWidth: Int
    /// The terminal's width.
    var columns: Int

    /// The cursor's row, counted from the prompt's row.
    var cursorRow: Int { (promptWidth + widthBeforeCursor) / max(columns, 1) }
    /// The last row the prompt and line occupy.
    var lastRow: Int { (promptWidth + lineWidth) / max(columns, 1) }
    /// The column just after the end of the line.
    var endColumn: Int { (promptWidth + lineWidth) % max(columns, 1) }

    /// Moves the cursor from its place in the line to the start of the prompt's row and clears to the end of the
    /// screen: the prompt and line are gone, ready for output and a redraw.
    var clearFromCursor: String {
        var sequence = "\r"
        if cursorRow > 0 { sequence += "\u{1B}[\(cursorRow)A" }
        return sequence + "\u{1B}[J"
    }

    /// Moves the cursor from its place in the line to just after the end of the line.
    var moveToEnd: String {
        var sequence = ""
        if lastRow > cursorRow { sequence += "\u{1B}[\(lastRow - cursorRow)B" }
        sequence += "\r"
        if endColumn > 0 { sequence += "\u{1B}[\(endColumn)C" }
        return sequence
    }
}

/// Terminal columns taken by `scalars` per wcwidth(3) in the current locale; control characters count zero.
func terminalColumns(of scalars: some Sequence<Unicode.Scalar>) -> Int {
    var total = 0
    for scalar in scalars {
        if scalar.value < 0x80 {
            if scalar.value >= 0x20 && scalar.value != 0x7F { total += 1 }
            continue
        }
        let width = clibedit_wcwidth(wchar_t(bitPattern: scalar.value))
        if width > 0 { total += Int(width) }
    }
    return total
}

/// A prompt as libedit wants it: escape sequences (colours) wrapped in the ignore character U+0001, so that
/// libedit prints them without counting them as columns. Also returns the prompt's printed width.
func markedPrompt(_ prompt: String) -> (text: String, width: Int) {
    var marked = String.UnicodeScalarView()
    var visible: [Unicode.Scalar] = []
    var scalars = prompt.unicodeScalars[...]
    while let scalar = scalars.popFirst() {
        if scalar == "\u{1}" { continue }
        guard scalar == "\u{1B}" else {
            marked.append(scalar)
            visible.append(scalar)
            continue
        }
        // ESC [ parameters final, or ESC and one more character.
        marked.append("\u{1}")
        marked.append(scalar)
        if scalars.first == "[" {
            marked.append(scalars.removeFirst())
            while let next = scalars.popFirst() {
                marked.append(next)
                if (0x40...0x7E).contains(next.value) { break }
            }
        } else if let next = scalars.popFirst() {
            marked.append(next)
        }
        marked.append("\u{1}")
    }
    return (String(marked), terminalColumns(of: visible))
}

/// Writes all of `text` to `descriptor`, retrying short writes and interruptions.
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written > 0 {
            bytes = bytes.dropFirst(written)
        } else if written < 0, errno == EINTR || errno == EAGAIN {
            continue
        } else {
            return
        }
    }
}
