package import Foundation
import HTTPTypes
package import ReduxVM
@_spi(Serve) package import RssCore

/// One account's library as every API sees it: RssCore's store, read through its state and query API and
/// changed only by dispatching its public actions. Nothing here knows HTTP.
///
/// It holds its library open (``/RssCore/LibraryLease``) for as long as a request and its answer use it.
package struct ServeLibrary: Sendable {
    package let lease: LibraryLease
    /// What sources the account adds may reach, and what its full-text fetches and discovery may
    /// (``/RssCore/AddressPolicy``): the public web, and the networks the owner allowed.
    package var policy: AddressPolicy = .publicWeb()

    /// The library's store.
    package var store: Store<RssState> { lease.store }

    /// The sources, in display order.
    package var sources: [Source] { store.state.sources.all }

    /// Unread and starred totals.
    package var counts: ArticleCounts { store.state.counts }

    /// The source followed at `address` (the exact text of its URL).
    package func source(address: String) -> Source? {
        sources.first { $0.url.absoluteString == address }
    }

    /// Every tag (folder) in use, sorted.
    package var tags: [String] { Array(Set(sources.flatMap(\.tags))).sorted() }

    /// The articles `query` selects.
    package func articles(_ query: ArticleQuery) async throws -> [ArticleSnapshot] {
        try await store.articles(query)
    }

    /// The places of the articles `query` selects (their numbers, and where to continue).
    package func positions(_ query: ArticleQuery) async throws -> [ArticleSnapshot.Position] {
        try await store.articlePositions(query)
    }

    /// How many articles `query` selects without its limit.
    package func count(_ query: ArticleQuery) async throws -> Int {
        try await store.articleCount(query)
    }

    /// Total, unread and starred articles of each source with any, in one read.
    package func countsBySource() async throws -> [UUID: SourceArticleCounts] {
        try await store.articleCountsBySource()
    }

    /// The stored articles with these numbers (unknown numbers are skipped).
    package func articles(numbers: [Int64], includesBody: Bool = false) async throws -> [ArticleSnapshot] {
        guard !numbers.isEmpty else { return [] }
        return try await store.articles(ArticleQuery(includesBody: includesBody, numbers: Set(numbers)))
    }

    /// Fetches the page of article `id` now and returns the text extracted from it, fetched under the
    /// source's policy narrowed to ``policy``; or the problem that left the article with its feed's text
    /// (``/RssCore/RssProblem/fullText(article:_:)``, or ``/RssCore/RssProblem/articleGone(_:)``).
    package func fetchFullText(_ id: UUID) async throws -> Result<String, RssProblem> {
        let ticket = CommandTicket()
        let outcome = await store.outcome(of: ticket, dispatching: FetchFullText(article: id, policy: policy, ticket: ticket))
        if case .fullText(_, let problems) = outcome, let problem = problems.first { return .failure(problem) }
        if let problem = outcome.problem { return .failure(problem) }
        guard let body = try await store.article(id: id)?.body else { return .failure(.articleGone(id)) }
        return .success(body.html)
    }

    /// Picks up what other processes (a REPL, a report) wrote, so that counts and sources are the database's.
    package func catchUp() async {
        await store.checkForChanges()
    }

    /// Marks articles read or unread, and returns once the database has it; a database that failed to store
    /// it is a 503 (the client sends the marks again).
    package func setRead(_ ids: [UUID], _ isRead: Bool) async throws {
        guard !ids.isEmpty else { return }
        let ticket = CommandTicket()
        try Self.stored(await store.outcome(of: ticket, dispatching: SetRead(ids: ids, isRead: isRead, ticket: ticket)))
    }

    /// Stars or unstars articles, and returns once the database has it.
    package func setStarred(_ ids: [UUID], _ isStarred: Bool) async throws {
        guard let last = ids.last else { return }
        for id in ids.dropLast() { store.dispatch(SetStarred(id: id, isStarred: isStarred)) }
        // Marks are stored one after the other, in order: once the last is, so are the others.
        let ticket = CommandTicket()
        try Self.stored(await store.outcome(of: ticket, dispatching: SetStarred(id: last, isStarred: isStarred, ticket: ticket)))
    }

    /// Marks the articles of `sources` (nil: all) within `bound` (nil: all of them) read, and returns once the
    /// database has it.
    package func markAllRead(sources: Set<UUID>?, bound: MarkAllRead.Bound?) async throws {
        let ticket = CommandTicket()
        try Self.stored(await store.outcome(of: ticket, dispatching: MarkAllRead(sources: sources, bound: bound, ticket: ticket)))
    }

    /// Throws a 503 when `outcome` is a problem: what was asked is not in the database.
    package static func stored(_ outcome: CommandOutcome) throws {
        if let problem = outcome.problem { throw APIError(.serviceUnavailable, ProblemTextForAPI.message(problem)) }
    }

    /// The numbers clients name sources and tags by (``/RssCore/LibraryNumbers``), as the database has them.
    package func numbers() async throws -> LibraryNumbers {
        try await store.libraryNumbers()
    }

    /// Makes a tag that exists with no source filed under it (an empty folder or category).
    package func createTag(_ name: String) async {
        store.dispatch(CreateTag(name: name))
        await store.databaseSettled()
    }

    /// Renames a tag everywhere, keeping its number (see ``/RssCore/RenameTag``).
    package func renameTag(_ old: String, to new: String) async {
        store.dispatch(RenameTag(from: old, to: new))
        await store.databaseSettled()
    }

    /// Takes a tag off every source and forgets it (see ``/RssCore/DeleteTag``).
    package func deleteTag(_ name: String) async {
        store.dispatch(DeleteTag(name: name))
        await store.databaseSettled()
    }

    /// Fetches `source` now, whatever its schedule, and returns once that fetch is over.
    package func refreshAndWait(_ source: UUID) async {
        store.dispatch(Refresh(sourceIDs: [source]))
        await store.databaseSettled()
        // Once the refresh is over (however it ended: fetched, failed, or held back by the server's
        // Retry-After), or the source gone.
        _ = await StateCondition.wait(on: store) { state in
            state.sources[source] == nil || !state.refresh.isRunning
        }
    }

    /// Fetches the sources now (a client's "refresh"), whatever their schedule; returns at once.
    package func refresh(_ sources: [UUID]?) {
        store.dispatch(Refresh(sourceIDs: sources))
    }

    /// Follows the sources an OPML document lists, reaching only what ``policy`` allows; returns once they
    /// are in the state (their first fetches go on) with what became of each feed, or the problem that stopped
    /// the import.
    package func importOPML(_ document: Data) async -> Result<OPMLImport, RssProblem> {
        let ticket = CommandTicket()
        let action = ImportOPML(document: document, named: "the OPML document", policy: policy, ticket: ticket)
        switch await store.outcome(of: ticket, dispatching: action) {
        case .imported(let outcome): return .success(outcome)
        case .failed(let problem): return .failure(problem)
        default: return .success(OPMLImport(added: 0, alreadyFollowed: 0, refused: []))
        }
    }

    /// The library as an OPML 2.0 document.
    package func exportOPML() async -> Data {
        await store.exportedOPML()
    }

    /// Marks the articles of the sources filed under `tag` read, and returns once the database has it.
    package func markAllRead(tag: String) async throws {
        let ticket = CommandTicket()
        try Self.stored(await store.outcome(of: ticket, dispatching: MarkAllRead(tag: tag, ticket: ticket)))
    }

    /// Stops following `source`.
    package func unsubscribe(_ source: UUID) async {
        store.dispatch(RemoveSource(id: source))
        await store.databaseSettled()
    }

    /// Gives each source its new tags (labels, folders, categories), exactly those and in that order; returns
    /// once the state has them.
    package func setTags(_ changes: [(source: Source, tags: [String])]) async {
        for (source, wanted) in changes {
            let tags = TagName.normalized(wanted)
            guard tags != source.tags else { continue }
            // TagSource appends: take every tag off first, so that the order is the one asked for.
            if !source.tags.isEmpty { store.dispatch(UntagSource(id: source.id, tags: source.tags)) }
            if !tags.isEmpty { store.dispatch(TagSource(id: source.id, tags: tags)) }
        }
        await store.databaseSettled()
    }

    /// Renames the tag `old` to `new` on every source filed under it (nil: takes it off them).
    package func renameTag(_ old: String, to new: String?) async {
        await setTags(store.state.sources.tagged(old).map { source in
            (source, source.tags.compactMap { $0 == old ? new : $0 })
        })
    }

    /// Gives `source` the user's name (nil or blank: its feed's title again).
    package func rename(_ source: UUID, to title: String?) async {
        store.dispatch(RenameSource(id: source, title: title))
        await store.databaseSettled()
    }
}
