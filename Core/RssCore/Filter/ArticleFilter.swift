public import Foundation

/// A filter written in the filter language: conditions on an article's fields, combined with `and`, `or`,
/// `not` and parentheses, parsed once when the value is made.
///
/// ```
/// unread and (title contains swift or tag = News) and not author = "Ann Smith"
/// age > 7d and not starred
/// title ~ "^\[(ad|sponsored)\]" or link contains "utm_"
/// ```
///
/// Fields: `title`, `author`, `content`, `link`, `source`, `tag` (text), `age` (a duration), `unread`,
/// `starred` (marks). Operators: `contains`, `~` (a regular expression), `=`, `!=` on text (case ignored),
/// `<` and `>` on `age`, `=` and `!=` on marks (or a mark alone). `not` binds tighter than `and`, which
/// binds tighter than `or`. `docs/filters.md` describes the language with examples.
///
/// A query with a filter (``ArticleQuery/filter``) is evaluated in SQL, every condition included, so that
/// its limits, order and paging work as without one. A regular expression is matched in bounded time: no
/// backtracking, a bounded pattern, and the first 65,536 characters of a text.
///
/// ```swift
/// var query = ArticleQuery(limit: 20)
/// query.filter = try ArticleFilter("unread and title ~ \"(?-i)^Swift\"")
/// let articles = try await store.articles(query)
/// ```
public struct ArticleFilter: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The longest expression accepted, in characters.
    static let maximumLength = 2_000
    /// The most conditions one expression may hold.
    static let maximumConditions = 100
    /// How deep parentheses and `not` may nest.
    static let maximumDepth = 32

    /// The expression as written.
    public let text: String
    /// The moment `age` is measured from; nil, the default, measures from when the filter is applied (by the
    /// store's clock). A batch report sets its own run time here.
    public var now: Date?
    /// The parsed expression.
    let expression: FilterExpression

    /// Parses `text`; throws a ``FilterProblem`` naming the column of the first mistake.
    public init(_ text: String) throws(FilterProblem) {
        self.text = text
        expression = try FilterParser.parse(text)
    }

    /// The expression as written.
    public var description: String { text }

    /// Equal when the expressions are (spacing and the case of keywords aside) and measure age from the same
    /// moment.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.expression == rhs.expression && lhs.now == rhs.now
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(expression)
        hasher.combine(now)
    }

    private enum CodingKeys: String, CodingKey {
        case text, now
    }

    /// Reads the text (and the moment `age` is measured from, if any), parsing the text again.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let text = try container.decode(String.self, forKey: .text)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .text, in: container, debugDescription: "not a filter (column \(error.column))")
        }
        now = try container.decodeIfPresent(Date.self, forKey: .now)
    }

    /// Writes the text, and the moment `age` is measured from when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(now, forKey: .now)
    }
}
