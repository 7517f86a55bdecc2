/// A filter kept under a name, as a list either news list can show (newsboat's query feeds): `list NAME` in
/// the REPL, `rss-report --query NAME`. Kept in the database and written to OPML exports.
public struct SavedQuery: Sendable, Equatable, Hashable, Codable, Identifiable {
    /// The name: unique, case ignored (saving under a name in use replaces that query).
    public let name: String
    /// The articles it selects.
    public let filter: ArticleFilter

    /// The identifier: the name, case folded.
    public var id: String { ArticleRule.key(name) }

    /// The query `filter` under `name`.
    public init(name: String, filter: ArticleFilter) {
        self.name = name
        self.filter = filter
    }
}
