/// What a completion callback is asked: the whole line, and the word under the cursor that Tab should complete.
///
/// The caller completes from context (a command name for the first word, a source name or a file path for an
/// argument), so it gets the words before the one being completed as well as that word.
public struct CompletionRequest: Sendable, Equatable {
    /// The whole line as typed so far.
    public let line: String
    /// The text from the start of the word being completed up to the cursor (empty after a space).
    public let word: String
    /// The whitespace-separated words before the one being completed: `["import"]` for `import ~/fe|`.
    public let precedingWords: [String]

    /// A request; the editor makes these, tests and callers' own tests may too.
    public init(line: String, word: String, precedingWords: [String]) {
        self.line = line
        self.word = word
        self.precedingWords = precedingWords
    }
}

/// Returns the candidates that replace the word being completed (each a full word, not a suffix).
///
/// Runs on the editor's thread, between keystrokes, so it must be quick. One candidate is inserted followed by a
/// space (no space after one ending in `/`, so a path can go on); several are reduced to their common prefix,
/// or listed below the line when that adds nothing; none rings the bell.
public typealias Completer = (CompletionRequest) -> [String]
