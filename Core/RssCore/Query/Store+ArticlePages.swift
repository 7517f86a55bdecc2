public import ReduxVM

extension Store where State == RssState {
    /// The articles `query` selects, in its order, handed to `eachPage` up to `pageSize` at a time as they are
    /// read: a result of any size is never whole in memory, which is how a report or an export of a large
    /// database reads.
    ///
    /// Every page comes from one read of the database, as ``articles(_:)`` reads: a write made meanwhile, by
    /// this store or another process, shows in every page or in none, so no article is missed or handed over
    /// twice. `eachPage` returns whether to go on; false stops the reading. It is called in the store's
    /// database lane, where the store's other database work waits for the reading to end: it should only
    /// format or write the page, never wait for the store.
    ///
    /// ```swift
    /// var query = ArticleQuery(isRead: false)
    /// query.includesBody = true
    /// try await store.articles(query, pageSize: 500) { page in
    ///     exporter.write(page)  // a type of the app's that appends the page to a file
    ///     return true
    /// }
    /// ```
    ///
    /// Throws ``RssProblem/database(_:)`` when the database cannot be read, possibly after some pages were
    /// handed over: the result is then incomplete.
    public func articles(
        _ query: ArticleQuery, pageSize: Int, eachPage: @escaping @Sendable ([ArticleSnapshot]) -> Bool
    ) async throws(RssProblem) {
        let now = self.now
        try await readDatabase { database, storiesOnce throws(DatabaseProblem) in
            try database.forEachArticlePage(query.showingStoriesOnce(storiesOnce), pageSize: pageSize, now: now, eachPage)
        }
    }
}
