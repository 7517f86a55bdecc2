public import Foundation
public import ReduxVM

/// The query API: articles read straight from the database, without touching the news lists, the open
/// article, the settings or any mark.
///
/// A query sees the effect of every action dispatched before it was called (it waits for them to be
/// processed, then reads in the same lane as their database work), so `dispatch(SetStarred(…))` followed by a
/// query for starred articles finds the new star. The store must be one ``RssStore/make(_:)`` built.
extension Store where State == RssState {
    /// The articles `query` selects, in its order.
    ///
    /// Throws ``RssProblem/database(_:)`` when the database cannot be read.
    public func articles(_ query: ArticleQuery) async throws(RssProblem) -> [ArticleSnapshot] {
        let now = self.now
        return try await readDatabase { database, storiesOnce throws(DatabaseProblem) in
            try database.articles(query.showingStoriesOnce(storiesOnce), now: now)
        }
    }

    /// The places of the articles `query` selects, in its order, and nothing else of them: what a program that
    /// lists articles by number reads (a sync server's lists of ids), at a fraction of the cost of snapshots.
    /// Each place's ``ArticleSnapshot/Position/number`` names its article, and the last one continues the list
    /// (``ArticleQuery/after``).
    @_spi(Serve) public func articlePositions(_ query: ArticleQuery) async throws(RssProblem) -> [ArticleSnapshot.Position] {
        let now = self.now
        return try await readDatabase { database, storiesOnce throws(DatabaseProblem) in
            try database.positions(query.showingStoriesOnce(storiesOnce), now: now)
        }
    }

    /// How many articles `query` selects, without its ``ArticleQuery/limit``.
    public func articleCount(_ query: ArticleQuery) async throws(RssProblem) -> Int {
        let now = self.now
        return try await readDatabase { database, storiesOnce throws(DatabaseProblem) in
            try database.countArticles(query.showingStoriesOnce(storiesOnce), now: now)
        }
    }

    /// The article counts of every source that has articles, in one read of the counts the database keeps (a
    /// source missing from the answer has none): for a front that shows per-source totals, which the state's
    /// ``ArticleCounts`` does not hold.
    public func articleCountsBySource() async throws(RssProblem) -> [UUID: SourceArticleCounts] {
        try await readDatabase { database throws(DatabaseProblem) in try database.articleCountsBySource() }
    }

    /// The numbers of the sources and tags (see ``LibraryNumbers``), for a front whose clients name them by
    /// number.
    @_spi(Serve) public func libraryNumbers() async throws(RssProblem) -> LibraryNumbers {
        try await readDatabase { database throws(DatabaseProblem) in try database.libraryNumbers() }
    }

    /// The library as an OPML 2.0 document, as ``ExportOPML`` writes it to a file: for a front that sends it
    /// elsewhere (a sync server's export).
    @_spi(Serve) public func exportedOPML() async -> Data {
        await processed()
        return OPMLExport.document(of: state, at: now)
    }

    /// The article `id` with its text (``ArticleSnapshot/body``), or nil when it is not stored; unlike
    /// ``OpenArticle`` it neither routes nor marks the article read.
    public func article(id: UUID) async throws(RssProblem) -> ArticleSnapshot? {
        try await readDatabase { database, storiesOnce throws(DatabaseProblem) in
            try database.snapshot(id: id, showingStoriesOnce: storiesOnce)
        }
    }

    /// Looks now for what other processes wrote and returns once whatever changed is in the state: a front
    /// calls it before each user command, so the command works on the database's truth.
    public func checkForChanges() async {
        dispatch(CheckForChanges())
        await processed()
        // The check runs in the lane; an empty task behind it ends after the check has dispatched its result.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            trunk.run(in: DatabaseLane.lane) { _ in continuation.resume() }
        }
        await processed()
    }

    /// Returns once the database work of every action dispatched so far is done (a mark stored, a source saved
    /// or removed, a tag renamed): for a front that answers another program only once what it asked for is in
    /// the database, where every other process reads it.
    public func databaseSettled() async {
        await processed()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            trunk.run(in: DatabaseLane.lane) { _ in continuation.resume() }
        }
    }

    /// Copies the database to `file` (which must not exist) as one consistent snapshot, safe while other
    /// processes use it: the way to back up a database in use (copying the `.sqlite` file may miss the commits
    /// still in its `-wal` file).
    ///
    /// Throws ``RssProblem/database(_:)`` naming the backup file when it exists or cannot be written.
    public func backUpDatabase(to file: URL) async throws(RssProblem) {
        try await readDatabase { database throws(DatabaseProblem) in try database.backUp(to: file) }
    }

    /// Ends the store's use of the database: waits for the database work asked so far, then merges the
    /// write-ahead log into the database file when no other process is using it, so that the `.sqlite` file
    /// alone holds everything. Returns whether it did; a front calls it when it exits cleanly.
    @discardableResult
    public func closeDatabase() async throws(RssProblem) -> Bool {
        try await readDatabase { database throws(DatabaseProblem) in try database.checkpointIfAlone() }
    }

    /// The time by the store's clock, which a filter's `age` is measured from.
    var now: Date { service(LibraryService.self)?.now() ?? Date() }

    /// Runs `work` in the database lane once every action dispatched so far has been processed.
    func readDatabase<T: Sendable>(
        _ work: @escaping @Sendable (FeedDatabase) throws(DatabaseProblem) -> T
    ) async throws(RssProblem) -> T {
        try await readDatabase { database, _ throws(DatabaseProblem) in try work(database) }
    }

    /// Runs `work` as the one-argument `readDatabase` does, for a read that follows
    /// ``Settings/showsStoriesOnce``, as the state holds it once every action dispatched so far has been
    /// processed (a change of the setting just before counts).
    func readDatabase<T: Sendable>(
        _ work: @escaping @Sendable (FeedDatabase, _ storiesOnce: Bool) throws(DatabaseProblem) -> T
    ) async throws(RssProblem) -> T {
        guard let database = service(LibraryService.self)?.database else {
            // A programming error, not a condition of the data: documented above.
            preconditionFailure("the query API needs a store built by RssStore.make(_:)")
        }
        await processed()
        let storiesOnce = state.settings.showsStoriesOnce
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, DatabaseProblem>, Never>) in
            trunk.run(in: DatabaseLane.lane) { _ in
                continuation.resume(returning: Result { () throws(DatabaseProblem) -> T in try work(database, storiesOnce) })
            }
        }
        switch result {
        case .success(let value): return value
        case .failure(let problem): throw .database(problem)
        }
    }
}
