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
