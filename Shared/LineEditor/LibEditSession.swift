import CLibEdit

#if canImport(Glibc)
    import Glibc
#endif

/// The libedit objects of one interactive editor: the EditLine, its History and the stdio streams it writes to.
///
/// Only the editor's thread touches these; LineEditor owns one session and ends it in `close()`.
final class LibEditSession {
    let editLine: OpaquePointer
    let history: OpaquePointer
    private let inputFile: UnsafeMutablePointer<FILE>
    private let outputFile: UnsafeMutablePointer<FILE>
    /// The prompt as libedit reads it (through the prompt callback), owned here.
    private(set) var promptBuffer: UnsafeMutablePointer<CChar>
    /// The prompt's printed width.
    private(set) var promptWidth = 0

    init(
        program: String, input: Int32, output: Int32, terminalType: String?, historyLimit: Int
    ) throws(LineEditorError) {
        guard let inputFile = fdopen(dup(input), "r") else {
            throw LineEditorError(.editorUnavailable, "cannot open the terminal for reading: \(systemError())")
        }
        guard let outputFile = fdopen(dup(output), "w") else {
            fclose(inputFile)
            throw LineEditorError(.editorUnavailable, "cannot open the terminal for writing: \(systemError())")
        }
        guard let editLine = el_init_fd(program, inputFile, outputFile, outputFile, input, output, output) else {
            fclose(inputFile)
            fclose(outputFile)
            throw LineEditorError(.editorUnavailable, "libedit cannot start on this terminal")
        }
        guard let history = history_init() else {
            el_end(editLine)
            fclose(inputFile)
            fclose(outputFile)
            throw LineEditorError(.editorUnavailable, "libedit cannot allocate a history")
        }
        self.inputFile = inputFile
        self.outputFile = outputFile
        self.editLine = editLine
        self.history = history
        self.promptBuffer = strdup("")
        if let terminalType { _ = clibedit_set_terminal(editLine, terminalType) }
        _ = clibedit_set_editor(editLine, "emacs")
        _ = clibedit_set_signal_handling(editLine, 0)
        _ = clibedit_history_set_size(history, Int32(clamping: max(historyLimit, 1)))
        _ = clibedit_history_set_unique(history, 1)
        _ = clibedit_set_history(editLine, history)
    }

    /// Sets the text the prompt callback returns.
    func setPrompt(_ prompt: String) {
        let (marked, width) = markedPrompt(prompt)
        free(promptBuffer)
        promptBuffer = strdup(marked)
        promptWidth = width
    }

    /// Flushes what libedit buffered, so that direct writes to the terminal land after it.
    func flush() {
        fflush(outputFile)
    }

    /// The line being edited: its characters and the cursor's index among them.
    func currentLine() -> (scalars: [Unicode.Scalar], cursor: Int) {
        guard let info = el_wline(editLine)?.pointee, let start = info.buffer else { return ([], 0) }
        let count = info.lastchar.map { $0 - start } ?? 0
        let cursor = info.cursor.map { $0 - start } ?? count
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(count)
        for index in 0..<max(count, 0) {
            scalars.append(Unicode.Scalar(UInt32(bitPattern: start[index])) ?? "\u{FFFD}")
        }
        return (scalars, min(max(cursor, 0), scalars.count))
    }

    /// The screen layout of the line being edited.
    func geometry() -> TerminalGeometry {
        let (scalars, cursor) = currentLine()
        return TerminalGeometry(
            promptWidth: promptWidth,
            widthBeforeCursor: terminalColumns(of: scalars[..<cursor]),
            lineWidth: terminalColumns(of: scalars),
            columns: Int(clibedit_columns(editLine)))
    }

    /// Ends libedit (which puts the terminal's modes back) and closes the streams.
    func end() {
        el_end(editLine)
        history_end(history)
        fclose(inputFile)
        fclose(outputFile)
        free(promptBuffer)
    }
}

/// Wide-character text for libedit, NUL-terminated.
func wideCString(_ text: String) -> [wchar_t] {
    text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
}
