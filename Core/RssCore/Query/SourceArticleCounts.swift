/// How many articles one source has stored, unread and starred, as
/// ``ReduxVM/Store/articleCountsBySource()`` reads them.
public struct SourceArticleCounts: Sendable, Equatable {
    /// Every article of the source that is stored.
    public let total: Int
    /// Those not read yet.
    public let unread: Int
    /// Those starred.
    public let starred: Int

    /// Counts of a source: `total` articles, `unread` of them unread and `starred` starred.
    init(total: Int, unread: Int, starred: Int) {
        self.total = total
        self.unread = unread
        self.starred = starred
    }
}
