/// A regular expression whose matching is bounded in size and time, whatever the pattern and the text.
///
/// The syntax is RE2's (Go's, and so Miniflux rules'): `.`, classes with ranges and `[[:alpha:]]`, `\d \w \s`
/// and their negations, `^ $ \A \z \b \B`, groups (named or not), `|`, `* + ? {n,m}` (lazy forms too),
/// `\Q…\E`, flags `(?i)`, `(?m)`, `(?s)` and `(?flags:…)`. Letters match either case unless the pattern
/// turns that off with `(?-i)`. Backreferences and lookaround are refused: they are what makes a match take
/// exponential time.
///
/// Bounds: a pattern has at most ``maximumLength`` scalars and compiles to at most
/// ``PatternProgram/maximumSize`` instructions, and a match reads at most ``subjectLimit`` scalars of its
/// text, so one match does at most `maximumSize × subjectLimit` steps, however the pattern is written.
///
/// ```swift
/// let pattern = try BoundedPattern(#"^\[ad\]"#)
/// pattern.matches("[AD] Buy now")   // true: letters match either case
/// ```
public struct BoundedPattern: Sendable {
    /// The longest pattern accepted, in Unicode scalars.
    static let maximumLength = 500
    /// How much of a text a match reads, in Unicode scalars (the start of a long article's text).
    static let subjectLimit = 65_536

    private let matcher: PatternMatcher

    /// Compiles `pattern`; throws a ``PatternError`` where it is wrong, its offset counted in Unicode scalars.
    public init(_ pattern: String) throws(PatternError) {
        let scalars = Array(pattern.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw PatternError(offset: Self.maximumLength, fault: .tooLong(limit: Self.maximumLength))
        }
        let node = try PatternParser.parse(scalars, ignoringCase: true)
        matcher = PatternMatcher(program: try PatternProgram(node))
    }

    /// Whether the pattern matches somewhere in `text` (of which the first ``subjectLimit`` scalars are read).
    public func matches(_ text: String) -> Bool {
        matcher.matches(text.unicodeScalars, limit: Self.subjectLimit)
    }
}
