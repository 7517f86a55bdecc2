import Foundation
@_spi(Serve) import RssCore
import ServeCore

/// Answers a Fever request whose key was accepted: makes its mark (``apply(_:directory:now:)``), then reads what
/// it asks from the library as the database has it now, every member asked in one answer (as FreshRSS and
/// The Arsse answer `?api&feeds&groups`).
struct FeverResponder: LibraryEndpoint {
    let library: ServeLibrary

    /// The answer to `request`, made at `now`.
    ///
    /// `last_refreshed_on_time` is `now`, as Miniflux sends it, rather than Fever's "when a feed was last
    /// refreshed": marks made in another front change what an app must fetch without any feed being
    /// refreshed, and an app that skipped a sync because that time had not moved would miss them.
    func answer(_ request: FeverRequest, now: Date = Date()) async throws -> FeverAnswer {
        await library.catchUp()
        var answer = FeverAnswer.accepted(refreshedAt: FeverNumber.seconds(now))
        var reads = request.reads
        let needsDirectory =
            !reads.isDisjoint(with: [.groups, .feeds, .items]) || request.mark.map(\.target.isCollection) == true
        let directory =
            needsDirectory
            ? FeverDirectory(library: LibraryDirectory(sources: library.sources, numbers: try await library.numbers())) : nil
        if let mark = request.mark {
            try await apply(mark, directory: directory, now: now)
            if let list = mark.answersWith { reads.insert(list) }
        }
        if let directory {
            if reads.contains(.groups) { answer.groups = directory.groups }
            if reads.contains(.feeds) { answer.feeds = directory.sources.map(directory.feed) }
            if reads.contains(.groups) || reads.contains(.feeds) { answer.feeds_groups = directory.feedsGroups }
            if reads.contains(.items) {
                answer.items = try await items(request.items, directory: directory)
                answer.total_items = library.counts.total
            }
        }
        if reads.contains(.favicons) { answer.favicons = [] }
        if reads.contains(.links) { answer.links = [] }
        if reads.contains(.unreadItemIDs) {
            answer.unread_item_ids = FeverAnswer.idList(
                try await library.articleNumbers(ArticleQuery(isRead: false, order: .lowestNumberFirst)))
        }
        if reads.contains(.savedItemIDs) {
            answer.saved_item_ids = FeverAnswer.idList(
                try await library.articleNumbers(ArticleQuery(isStarred: true, order: .lowestNumberFirst)))
        }
        return answer
    }

    /// The page of items `selection` asks for.
    private func items(_ selection: FeverItemSelection, directory: FeverDirectory) async throws -> [Fever.Item] {
        let articles = try await library.articles(selection.query(sources: sources(of: selection, in: directory)))
        let items = articles.compactMap(directory.item)
        guard case .ids(let asked) = selection.page else { return items }
        let byNumber = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return asked.compactMap { byNumber[$0] }
    }

    /// The sources `feed_ids` and `group_ids` name together; nil when they name none (or Kindling, group 0):
    /// every source.
    private func sources(of selection: FeverItemSelection, in directory: FeverDirectory) -> Set<UUID>? {
        guard selection.feeds != nil || selection.groups != nil else { return nil }
        var sources = Set((selection.feeds ?? []).compactMap { directory.source(numbered: $0)?.id })
        for group in selection.groups ?? [] {
            guard let members = directory.sources(inGroup: group) else { return nil }
            sources.formUnion(members)
        }
        return sources
    }
}
