import Foundation
import ReduxVM
import RssCore

/// The reader as both APIs see it: RssCore's store, read through its state and query API and changed only by
/// dispatching its public actions. Nothing here knows HTTP.
struct ServeLibrary: Sendable {
    let store: Store<RssState>

    /// The sources, in display order.
    var sources: [Source] { store.state.sources.all }

    /// Unread and starred totals.
    var counts: ArticleCounts { store.state.counts }

    /// The source followed at `address` (the exact text of its URL).
    func source(address: String) -> Source? {
        sources.first { $0.url.absoluteString == address }
    }

    /// Every tag (folder) in use, sorted.
    var tags: [String] { Array(Set(sources.flatMap(\.tags))).sorted() }

    /// The articles `query` selects.
    func articles(_ query: ArticleQuery) async throws -> [ArticleSnapshot] {
        try await store.articles(query)
    }

    /// How many articles `query` selects without its limit.
    func count(_ query: ArticleQuery) async throws -> Int {
        try await store.articleCount(query)
    }

    /// The stored articles with these numbers (unknown numbers are skipped).
    func articles(numbers: [Int64], includesBody: Bool = false) async throws -> [ArticleSnapshot] {
        guard !numbers.isEmpty else { return [] }
        return try await store.articles(ArticleQuery(includesBody: includesBody, numbers: Set(numbers)))
    }

    /// Picks up what other processes (a REPL, a report) wrote, so that counts and sources are the database's.
    func catchUp() async {
        await store.checkForChanges()
    }

    /// Marks articles read or unread, and returns once the database has it.
    func setRead(_ ids: [UUID], _ isRead: Bool) async {
        guard !ids.isEmpty else { return }
        store.dispatch(SetRead(ids: ids, isRead: isRead))
        await store.processed()
    }

    /// Stars or unstars articles.
    func setStarred(_ ids: [UUID], _ isStarred: Bool) async {
        for id in ids { store.dispatch(SetStarred(id: id, isStarred: isStarred)) }
        await store.processed()
    }

    /// Marks the articles of `sources` (nil: all) dated before `before` (nil: any) read.
    func markAllRead(sources: Set<UUID>?, before: Date?) async {
        store.dispatch(MarkAllRead(sources: sources, before: before))
        await store.processed()
    }

    /// Follows a new feed; the result says what became of it.
    func subscribe(_ address: String, tags: [String] = []) async -> Subscription {
        guard let url = URL(string: address), address.count <= 4_096 else { return .refused }
        if let existing = source(address: url.absoluteString) { return .existing(existing) }
        let id = UUID()
        store.dispatch(AddSource(url: url, tags: tags, id: id))
        await store.processed()
        if let added = store.state.sources[id] { return .added(added) }
        // RssCore may have normalised the address to one already followed.
        if let existing = sources.first(where: { $0.url == url }) { return .existing(existing) }
        return .refused
    }

    /// Stops following `source`.
    func unsubscribe(_ source: UUID) async {
        store.dispatch(RemoveSource(id: source))
        await store.processed()
    }

    /// What a subscription request came to.
    enum Subscription: Sendable {
        /// A new source.
        case added(Source)
        /// Already followed.
        case existing(Source)
        /// Not an address RssCore follows (http, https or file).
        case refused
    }
}
