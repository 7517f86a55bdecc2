import Foundation
import FrontKit
@_spi(Serve) import RssCore
import ServeCore

/// The library as Miniflux clients name it (``/ServeCore/LibraryDirectory``, adapted): a feed's id is its source's number and
/// a category's its tag's number plus one, category 1 being "All", where the sources without a tag are. A source
/// is in the category of its first tag.
struct MinifluxDirectory {
    let library: LibraryDirectory

    static let uncategorized = (id: 1, title: "All")

    /// The library as the database has it now (other processes' changes included).
    static func load(_ library: ServeLibrary) async throws -> MinifluxDirectory {
        MinifluxDirectory(library: try await LibraryDirectory.load(library))
    }

    /// The sources, in display order.
    var sources: [Source] { library.sources }

    /// The source numbered `number`.
    func source(_ number: Int) -> Source? { library.source(numbered: Int64(number)) }

    /// The id of the source `id`, 0 when it is gone.
    func feedID(of id: UUID) -> Int { library.number(of: id) ?? 0 }

    /// The tag of category `number`; nil for "All" and for unknown numbers (told apart by the caller).
    func tag(_ number: Int) -> String? { library.tag(numbered: Int64(number) - 1)?.name }

    /// Whether `number` names a category: "All" or a tag.
    func isCategory(_ number: Int) -> Bool { number == Self.uncategorized.id || tag(number) != nil }

    /// The category id of `tag`.
    func categoryID(of tag: String) -> Int? { library.tag(named: tag).map { $0.number + 1 } }

    /// Every category: "All", then each tag in use or kept, by title.
    var categories: [Miniflux.Category] {
        [Miniflux.Category(id: Self.uncategorized.id, title: Self.uncategorized.title)]
            + library.tags.map { Miniflux.Category(id: $0.number + 1, title: $0.name) }
    }

    /// A source's category: its first tag, else "All".
    func category(of source: Source) -> Miniflux.Category {
        guard let tag = library.firstTag(of: source) else {
            return Miniflux.Category(id: Self.uncategorized.id, title: Self.uncategorized.title)
        }
        return Miniflux.Category(id: tag.number + 1, title: tag.name)
    }

    /// The sources in category `number` (their first tag, or none for "All").
    func sources(inCategory number: Int) -> [Source] {
        library.sources(firstTagged: number == Self.uncategorized.id ? nil : number - 1)
    }

    func feed(_ source: Source) -> Miniflux.Feed {
        let id = feedID(of: source.id)
        return Miniflux.Feed(
            id: id, title: source.title,
            site_url: (source.siteLink ?? source.url).absoluteString, feed_url: source.url.absoluteString,
            checked_at: Miniflux.date(source.status.lastAttempt ?? source.addedAt), disabled: !source.isEnabled,
            parsing_error_count: source.status.consecutiveFailures > 0 || source.status.lastError != nil
                ? max(1, source.status.consecutiveFailures) : 0,
            parsing_error_message: source.status.lastError.map(ProblemTextForAPI.fetch) ?? "",
            category: category(of: source), icon: Miniflux.Feed.Icon(feed_id: id))
    }

    func entry(_ article: ArticleSnapshot) -> Miniflux.Entry {
        let source = library.source(id: article.sourceID)
        return Miniflux.Entry(
            id: article.number, feed_id: feedID(of: article.sourceID),
            status: article.isRead ? "read" : "unread", hash: TokenSecret.hash(article.itemID),
            title: article.title, url: article.link?.absoluteString ?? "",
            published_at: Miniflux.date(article.date), created_at: Miniflux.date(article.firstSeen),
            changed_at: Miniflux.date(article.changed), content: article.body?.html ?? "",
            author: article.author ?? "", starred: article.isStarred,
            reading_time: Miniflux.readingTime(article.body?.html ?? ""),
            enclosures: article.enclosure.map {
                [Miniflux.Enclosure(id: article.number, entry_id: article.number, url: $0.url.absoluteString, mime_type: $0.type ?? "")]
            } ?? [],
            feed: source.map(feed), tags: article.categories)
    }
}
