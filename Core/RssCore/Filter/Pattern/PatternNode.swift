/// A regular expression as parsed: what `PatternProgram` compiles.
indirect enum PatternNode: Sendable, Equatable {
    /// Matches the empty text.
    case empty
    /// One scalar; ignoring case, it is stored folded (``ScalarSet/fold(_:)``) and compared with the folded text.
    case scalar(Unicode.Scalar, ignoringCase: Bool)
    /// `.`: any scalar but a line feed, or any scalar at all with the `s` flag.
    case any(includingNewline: Bool)
    /// A class: `[a-z]`, `\d`, `[^\s,]`.
    case set(ScalarSet, ignoringCase: Bool)
    /// A zero-width test: `^`, `$`, `\A`, `\z`, `\b`, `\B`.
    case assertion(PatternAssertion)
    /// One after the other.
    case sequence([PatternNode])
    /// Any one of them.
    case alternation([PatternNode])
    /// `node` at least `min` and at most `max` times (nil: no upper bound).
    case repetition(PatternNode, min: Int, max: Int?)
}

/// The zero-width tests a pattern can make.
enum PatternAssertion: Sendable, Equatable {
    /// `^`: the start of the text, or of a line with the `m` flag.
    case lineStart(multiline: Bool)
    /// `$`: the end of the text, or of a line with the `m` flag.
    case lineEnd(multiline: Bool)
    /// `\A`.
    case textStart
    /// `\z`.
    case textEnd
    /// `\b`: between a word character and something else.
    case wordBoundary
    /// `\B`.
    case notWordBoundary

    /// Whether the test holds between `before` and `after` (nil at either end of the text).
    func holds(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
        switch self {
        case .lineStart(let multiline): before == nil || (multiline && before == "\n")
        case .lineEnd(let multiline): after == nil || (multiline && after == "\n")
        case .textStart: before == nil
        case .textEnd: after == nil
        case .wordBoundary: ScalarSet.isWord(before) != ScalarSet.isWord(after)
        case .notWordBoundary: ScalarSet.isWord(before) == ScalarSet.isWord(after)
        }
    }
}
