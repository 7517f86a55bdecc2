import FeedParser
import Foundation

/// One article with everything stored about it, content included (what opening an article needs).
struct StoredArticle: Sendable, Equatable, Identifiable {
    var id: UUID
    var sourceID: UUID
    /// The parser's identity of the item within its feed (guid, atom:id, JSON id, else a hash of link+title).
    var stableID: String
    var title: String
    var link: String?
    var author: String?
    var publishedAt: Date?
    var updatedAt: Date?
    var summary: String?
    var contentHTML: String?
    var enclosureURL: String?
    var enclosureType: String?
    /// The item's categories (tags), in document order.
    var categories: [String] = []
    /// When this program first stored the item; the date of last resort for sorting.
    var firstSeenAt: Date
    var isRead: Bool
    var isStarred: Bool
    /// The story it belongs to when other sources carry it, and those sources (read only when asked for).
    var story: Int64? = nil
    var otherSources: [UUID] = []
    /// The text extracted from its page, and when it was fetched (read only with the article alone).
    var pageHTML: String? = nil
    var pageFetched: Date? = nil

    /// The date lists sort by: published, else updated, else first seen.
    var sortDate: Date { publishedAt ?? updatedAt ?? firstSeenAt }
}

/// An item as the parser delivered it, before it is merged into a source's articles.
struct FetchedItem: Sendable, Equatable {
    var stableID: String
    var title: String
    var link: String?
    var author: String?
    var publishedAt: Date?
    var updatedAt: Date?
    var summary: String?
    var contentHTML: String?
    var enclosureURL: String?
    var enclosureType: String?
    var categories: [String]
    /// The other forms the item's id takes when other items of its feed share its publisher id, under which
    /// an earlier fetch may have stored it; nil for an item without a publisher id.
    var forms: ItemIdentity.Forms?
    /// The address of the original the feed gives beside a redirector's link (FeedBurner's
    /// `feedburner:origLink`): what tells which story the item is (see ``StorySignature``).
    var originLink: String?
    /// Whether the feed gave the item no title, and ``title`` was made from its text or link: the title of
    /// its page may take its place (``PageFill/title``).
    var titleIsFallback = false

    init(
        stableID: String, title: String, link: String? = nil, author: String? = nil, publishedAt: Date? = nil,
        updatedAt: Date? = nil, summary: String? = nil, contentHTML: String? = nil, enclosureURL: String? = nil,
        enclosureType: String? = nil, categories: [String] = [], originLink: String? = nil
    ) {
        self.originLink = originLink
        self.stableID = stableID
        self.title = title
        self.link = link
        self.author = author
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.summary = summary
        self.contentHTML = contentHTML
        self.enclosureURL = enclosureURL
        self.enclosureType = enclosureType
        self.categories = categories
    }
}
