import BoundedRegex
import Foundation

/// A parsed filter: conditions combined. What ``ArticleFilter`` holds, compiled to SQL by the storage and
/// evaluated in memory by ``FilterSubject``; both read text through ``TextTest``, so they agree.
indirect enum FilterExpression: Sendable, Hashable {
    case condition(FilterCondition)
    case not(FilterExpression)
    /// Every one holds (`and`).
    case all([FilterExpression])
    /// At least one holds (`or`).
    case any([FilterExpression])
}

/// One condition on one field.
enum FilterCondition: Sendable, Hashable {
    /// A test of a text field.
    case text(TextField, TextTest)
    /// Published (else updated, else first seen) more than this many seconds before now.
    case olderThan(TimeInterval)
    /// Published less than this many seconds before now.
    case youngerThan(TimeInterval)
    /// The article is unread (true) or read (false).
    case unread(Bool)
    /// The article is starred (true) or not (false).
    case starred(Bool)
}

/// The fields a ``TextTest`` reads.
enum TextField: Sendable, Hashable {
    case title, author, content, link, source, tag

    /// The text field `field` is, nil for `age` and the marks.
    init?(_ field: ArticleFilter.Field) {
        switch field {
        case .title: self = .title
        case .author: self = .author
        case .content: self = .content
        case .link: self = .link
        case .source: self = .source
        case .tag: self = .tag
        case .age, .unread, .starred: return nil
        }
    }
}

/// How a text is tested: the one definition both SQL and memory use.
enum TextTest: Sendable, Hashable {
    /// Contains this folded text (``TextTest/fold(_:)``).
    case contains(String)
    /// Is this folded text.
    case equals(String)
    /// The regular expression matches somewhere.
    case matches(FilterPattern)

    /// Case folded the one way every comparison uses: full Unicode lower-casing.
    static func fold(_ text: String) -> String { text.lowercased() }

    /// Whether `text` passes.
    func holds(for text: String) -> Bool {
        switch self {
        case .contains(let needle): needle.isEmpty || Self.fold(text).utf8.contains(subsequence: needle.utf8)
        case .equals(let value): Self.fold(text) == value
        case .matches(let pattern): pattern.compiled.matches(text)
        }
    }
}

/// A `~` pattern: its text, which identifies it, and its compiled form.
struct FilterPattern: Sendable, Hashable {
    let source: String
    let compiled: BoundedPattern

    init(_ source: String) throws(PatternError) {
        self.source = source
        compiled = try BoundedPattern(source)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.source == rhs.source }
    func hash(into hasher: inout Hasher) { hasher.combine(source) }
}

extension String.UTF8View {
    /// Whether `needle` occurs in these bytes (a byte-wise search of UTF-8, so a match is never a partial scalar).
    func contains(subsequence needle: String.UTF8View) -> Bool {
        guard let first = needle.first else { return true }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return true }
            start = index(after: found)
        }
        return false
    }
}
