import Foundation
import FrontKit
import RssCore

/// The numbers Miniflux clients name feeds and categories by, for the library as it is now (see
/// ``SmallNumbers``). Category 1 is "All", where sources without a tag are.
struct MinifluxDirectory {
    let library: ServeLibrary
    let sources: [Source]
    let feedNumbers: SmallNumbers<UUID>
    let categoryNumbers: SmallNumbers<String>

    static let uncategorized = (id: 1, title: "All")

    init(_ library: ServeLibrary) {
        self.library = library
        sources = library.sources
        feedNumbers = SmallNumbers(sources.map(\.id), name: \.uuidString)
        categoryNumbers = SmallNumbers(sources.flatMap(\.tags), name: { $0 }, reserved: [Self.uncategorized.id])
    }

    /// The source numbered `number`.
    func source(_ number: Int) -> Source? {
        feedNumbers.keyOf[number].flatMap { id in sources.first { $0.id == id } }
    }

    /// The tag numbered `number`; nil for "All" (and for unknown numbers, told apart by the caller).
    func tag(_ number: Int) -> String? { categoryNumbers.keyOf[number] }

    /// Every category: "All" and each tag.
    var categories: [Miniflux.Category] {
        [Miniflux.Category(id: Self.uncategorized.id, title: Self.uncategorized.title)]
            + categoryNumbers.numberOf.sorted { $0.key < $1.key }.map { Miniflux.Category(id: $0.value, title: $0.key) }
    }

    /// A source's category: its first tag, else "All".
    func category(of source: Source) -> Miniflux.Category {
        guard let tag = source.tags.first, let number = categoryNumbers.numberOf[tag] else {
            return Miniflux.Category(id: Self.uncategorized.id, title: Self.uncategorized.title)
        }
        return Miniflux.Category(id: number, title: tag)
    }

    func feed(_ source: Source) -> Miniflux.Feed {
        Miniflux.Feed(
            id: feedNumbers.numberOf[source.id] ?? 0, title: source.title,
            site_url: (source.siteLink ?? source.url).absoluteString, feed_url: source.url.absoluteString,
            checked_at: Miniflux.date(source.status.lastSuccess ?? source.addedAt), disabled: !source.isEnabled,
            parsing_error_count: source.status.lastError == nil ? 0 : 1,
            parsing_error_message: source.status.lastError.map(ProblemText.fetch) ?? "",
            category: category(of: source))
    }

    func entry(_ article: ArticleSnapshot) -> Miniflux.Entry {
        let source = sources.first { $0.id == article.sourceID }
        return Miniflux.Entry(
            id: article.number, feed_id: source.flatMap { feedNumbers.numberOf[$0.id] } ?? 0,
            status: article.isRead ? "read" : "unread", hash: TokenSecret.hash(article.itemID),
            title: article.title, url: article.link?.absoluteString ?? "",
            published_at: Miniflux.date(article.date), created_at: Miniflux.date(article.firstSeen),
            changed_at: Miniflux.date(article.updated ?? article.firstSeen), content: article.body?.html ?? "",
            author: article.author ?? "", starred: article.isStarred,
            enclosures: article.enclosure.map {
                [Miniflux.Enclosure(id: article.number, entry_id: article.number, url: $0.url.absoluteString, mime_type: $0.type ?? "")]
            } ?? [],
            feed: source.map(feed), tags: article.categories)
    }
}
