/// Why a filter expression was refused, and where: the column (counted in characters from 1) at which the
/// mistake starts, so a front can point at it.
///
/// RssCore does not word problems; `FrontKit` says them the way the fronts of this package do.
///
/// ```swift
/// do {
///     query.filter = try ArticleFilter("unread and titel contains swift")
/// } catch {
///     // error.column == 12, error.kind == .unknownField("titel")
/// }
/// ```
public struct FilterProblem: Error, Sendable, Equatable, Hashable {
    /// The column of the mistake, from 1; one past the last character when the text ended too early.
    public let column: Int
    /// What is wrong.
    public let kind: Kind

    /// A problem at `column`.
    init(column: Int, kind: Kind) {
        self.column = column
        self.kind = kind
    }

    /// What is wrong with an expression.
    public enum Kind: Sendable, Equatable, Hashable {
        /// There is no condition at all.
        case empty
        /// A quoted value has no closing quote.
        case unterminatedString
        /// Symbols that are not an operator (`<=`, `==`, `!`); as written.
        case unknownOperator(String)
        /// A word where a field was expected that is no field; as written.
        case unknownField(String)
        /// Something else than what the grammar allows here; what was found, nil at the end of the text.
        case expected(Expectation, found: String?)
        /// The field does not take this operator (`age contains`, `title < 3`).
        case operatorNotAllowed(ArticleFilter.Operator, field: ArticleFilter.Field)
        /// The value of `age` is not a duration (`7d`, `12h`, `1w`, `1d12h`); as written.
        case notADuration(String)
        /// The value of `unread` or `starred` is not `true`, `false`, `yes` or `no`; as written.
        case notAMark(String)
        /// The regular expression of a `~` cannot be used; the column points into it.
        case badPattern(PatternFault)
        /// The expression is longer than this many characters.
        case tooLong(limit: Int)
        /// The expression has more than this many conditions.
        case tooManyConditions(limit: Int)
        /// Parentheses and `not` nest deeper than this.
        case tooDeep(limit: Int)
    }

    /// What the grammar allowed where the mistake is.
    public enum Expectation: Sendable, Equatable, Hashable {
        /// A field, `not` or `(`.
        case condition
        /// An operator the field takes.
        case comparison(ArticleFilter.Field)
        /// A value after the operator.
        case value
        /// A `)` closing the `(` at this column.
        case closingParenthesis(openedAt: Int)
        /// `and`, `or`, or the end of the expression.
        case connective
    }
}
