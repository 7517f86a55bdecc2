extension ArticleFilter {
    /// What a condition looks at.
    public enum Field: String, Sendable, Equatable, Hashable, CaseIterable {
        /// The article's title.
        case title
        /// Its author ("" when the feed names none).
        case author
        /// Its text (summary and content) as plain text, the markup taken out, as search reads it.
        case content
        /// Its link ("" when it has none).
        case link
        /// The title of the source it came from.
        case source
        /// The tags its source is filed under: the condition holds when it holds for one of them.
        case tag
        /// How long ago it was published (else updated, else first seen): `age > 7d`.
        case age
        /// Whether it is unread; alone, `unread` means `unread = true`.
        case unread
        /// Whether it is starred; alone, `starred` means `starred = true`.
        case starred

        /// The operators this field takes.
        public var operators: [Operator] {
            switch self {
            case .title, .author, .content, .link, .source, .tag: [.contains, .matches, .equals, .notEquals]
            case .age: [.lessThan, .greaterThan]
            case .unread, .starred: [.equals, .notEquals]
            }
        }
    }

    /// How a condition compares.
    public enum Operator: String, Sendable, Equatable, Hashable, CaseIterable {
        /// Holds when the text contains the value, case ignored.
        case contains
        /// Holds when the regular expression matches somewhere in the text, case ignored unless it says
        /// `(?-i)`.
        case matches = "~"
        /// Holds when the text is the value, case ignored; for `unread` and `starred`, the mark is the value.
        case equals = "="
        /// The opposite of `=`.
        case notEquals = "!="
        /// Younger than the duration (`age < 12h`).
        case lessThan = "<"
        /// Older than the duration (`age > 7d`).
        case greaterThan = ">"
    }
}
