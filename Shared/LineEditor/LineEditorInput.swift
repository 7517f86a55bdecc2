/// What one call to ``LineEditor/readLine()`` produced.
///
/// A REPL needs to tell apart "the user entered a line", "the user pressed Ctrl-C" (cancel what is running, stay
/// in the program) and "there is no more input" (Ctrl-D, end of a script, SIGTERM/SIGHUP): each has its own case.
public enum LineEditorInput: Sendable, Equatable {
    /// A complete line, without its line break.
    case line(String)
    /// Ctrl-C while the line was being edited: the line was abandoned and the next read starts afresh.
    case interrupted
    /// Ctrl-D on an empty line, end of the input stream, or SIGTERM/SIGHUP: the caller should shut down.
    case endOfInput
}
