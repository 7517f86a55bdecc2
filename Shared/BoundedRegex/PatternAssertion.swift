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
