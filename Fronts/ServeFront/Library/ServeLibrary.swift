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

    /// Total, unread and starred articles of each source with any, in one read.
    func countsBySource() async throws -> [UUID: SourceArticleCounts] {
        try await store.articleCountsBySource()
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
        guard let url = URL(string: address), address.count <= RequestLimits.textLength else { return .refused }
        if let existing = source(address: url.absoluteString) { return .existing(existing) }
        let id = UUID()
        store.dispatch(AddSource(url: url, tags: tags, id: id))
        await store.processed()
        if let added = store.state.sources[id] { return .added(added) }
        // RssCore may have normalised the address to one already followed.
        if let existing = sources.first(where: { $0.url == url }) { return .existing(existing) }
        return .refused
    }

    /// Marks the articles of the sources filed under `tag` read.
    func markAllRead(tag: String) async {
        store.dispatch(MarkAllRead(tag: tag))
        await store.processed()
    }

    /// Stops following `source`.
    func unsubscribe(_ source: UUID) async {
        store.dispatch(RemoveSource(id: source))
        await store.processed()
    }

    /// Gives each source its new tags (labels, folders, categories), exactly those and in that order; returns
    /// once the state has them.
    func setTags(_ changes: [(source: Source, tags: [String])]) async {
        for (source, wanted) in changes {
            let tags = TagName.normalized(wanted)
            guard tags != source.tags else { continue }
            // TagSource appends: take every tag off first, so that the order is the one asked for.
            if !source.tags.isEmpty { store.dispatch(UntagSource(id: source.id, tags: source.tags)) }
            if !tags.isEmpty { store.dispatch(TagSource(id: source.id, tags: tags)) }
        }
        await store.processed()
    }

    /// Renames the tag `old` to `new` on every source filed under it (nil: takes it off them).
    func renameTag(_ old: String, to new: String?) async {
        await setTags(store.state.sources.tagged(old).map { source in
            (source, source.tags.compactMap { $0 == old ? new : $0 })
        })
    }

    /// Gives `source` the user's name (nil or blank: its feed's title again).
    func rename(_ source: UUID, to title: String?) async {
        store.dispatch(RenameSource(id: source, title: title))
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
        /// A web page that declares no feed, with none at its site's usual addresses.
        case noFeed
    }
}
