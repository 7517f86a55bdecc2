import GRDB

/// Which copies of a story a query shows while each story is shown once (``ArticleQuery/showsStoriesOnce``):
/// a query of every source leaves the duplicates out (the representative stands for its story); one of several
/// sources (a tag's, a folder's) shows the first copy stored among them, so that a story whose representative
/// is elsewhere still shows. A query of one source, or of articles named by number, shows every copy: nil.
struct StoryScope {
    /// The condition on the article table that leaves duplicates out: a query of every source.
    static let notDuplicate = "article.isDuplicate = 0"

    /// Whether the query covers every source.
    let isEverySource: Bool
    /// The arguments of ``condition(on:)``: the scope's, once more.
    let scopeArguments: StatementArguments
    private let scope: ArticleSQL.SourceScope

    init?(_ query: ArticleQuery, scope: ArticleSQL.SourceScope) {
        guard query.showsStoriesOnce, query.numbers == nil else { return nil }
        if query.tags == nil, let sources = query.sourceIDs, sources.count <= 1 { return nil }
        isEverySource = query.tags == nil && query.sourceIDs == nil
        scopeArguments = isEverySource ? [] : scope.arguments
        self.scope = scope
    }

    /// The condition that the row of `table` is the copy the query shows: not a duplicate, or (of several
    /// sources) the first visible copy stored among them. Its arguments are ``scopeArguments``.
    func condition(on table: String) -> String {
        if isEverySource { return "\(table).isDuplicate = 0" }
        let inScope = scope.conditions("earlier.sourceId").map { " AND " + $0 }.joined()
        return """
            (\(table).isDuplicate = 0 OR NOT EXISTS (SELECT 1 FROM article AS earlier \
            WHERE earlier.story = \(table).story AND earlier.rowid < \(table).rowid AND earlier.isHidden = 0\(inScope)))
            """
    }
}
