public import Foundation

/// An article as a query read it: everything stored about it, and its text when the query asked for it.
///
/// A snapshot is a copy; marking the article read or starred later does not change it.
public struct ArticleSnapshot: Sendable, Equatable, Identifiable {
    /// The article's identifier (the one routing, marks and lists use).
    public let id: UUID
    /// The source it came from.
    public let sourceID: UUID
    /// The item's own id in its feed (RSS guid, Atom id, JSON Feed id), or the id RssCore made for an item
    /// without one; stable across fetches.
    public let itemID: String
    /// Its title, as plain text.
    public let title: String
    /// Its link, if any.
    public let link: URL?
    /// Its author, if the feed says.
    public let author: String?
    /// The date lists sort by: published, else updated, else first seen.
    public let date: Date
    /// When it was published, if the feed says.
    let published: Date?
    /// When it was last updated, if the feed says.
    public let updated: Date?
    /// When this reader first stored it.
    public let firstSeen: Date
    /// When it last changed for a sync client: when it was marked read, unread, starred or unstarred, or a
    /// re-fetch changed its text; its ``firstSeen`` until then.
    public let changed: Date
    /// Whether it was read.
    public let isRead: Bool
    /// Whether it is starred.
    public let isStarred: Bool
    /// Its first enclosure (a podcast episode, an image), if any.
    public let enclosure: Enclosure?
    /// Its categories, in the feed's order.
    public let categories: [String]
    /// Its text, when the query asked for it (``ArticleQuery/includesBody``), else nil.
    public let body: ArticleBody?
    /// Where it stands in its query's order, for ``ArticleQuery/after``.
    public let position: Position
    /// The other sources that carry the same story, in the order their copies were stored, while each story is
    /// shown once (``Settings/showsStoriesOnce``; else empty): a front shows "also in" them. A query of several
    /// sources returns the story once, this copy standing for the others.
    public internal(set) var otherSources: [UUID] = []

    /// A positive 64-bit number for the article, kept for as long as the article is stored (across restarts,
    /// re-fetches and backups), for programs whose clients name articles by number (a sync server); read one
    /// back with ``ArticleQuery/numbers``. Numbers grow with storage order, and one is never given again, even
    /// after the article it named was removed: a client that holds it never mistakes a later article for it.
    public var number: Int64 { position.storageOrder }

    /// A file attached to an article.
    public struct Enclosure: Sendable, Equatable {
        /// Where the file is.
        public let url: URL
        /// Its media type, if the feed says (`audio/mpeg`).
        public let type: String?
    }

    /// An article's place in a query's order: opaque, but for its article's number, and only for
    /// ``ArticleQuery/after``.
    public struct Position: Sendable, Equatable, Hashable, Codable {
        let date: Double
        let storageOrder: Int64

        /// The ``ArticleSnapshot/number`` of the article at this place.
        public var number: Int64 { storageOrder }
    }
}

/// An article's text: the feed's (its content, else its summary), and the text extracted from its web page when
/// that was fetched (``FetchFullText``, or a full-text source: ``SetSourceFullText``).
///
/// ``html`` is what to show: the page's text when there is one, else the feed's; ``kind`` says which it is, and
/// ``feedHTML`` keeps the feed's text within reach.
public struct ArticleBody: Sendable, Equatable, Codable {
    /// Which text ``ArticleBody/html`` is.
    public enum Kind: String, Sendable, Equatable {
        /// The text extracted from the article's web page.
        case page
        /// The feed's content (`content:encoded`, Atom content, JSON Feed content).
        case feedContent
        /// The feed's summary (RSS description, Atom summary, JSON Feed summary), or nothing when the feed gave no
        /// text at all.
        case feedSummary
    }

    /// The short text (RSS description, Atom summary, JSON Feed summary), if any.
    let summaryHTML: String?
    /// The full text (`content:encoded`, Atom content, JSON Feed content), if any.
    let contentHTML: String?
    /// The article as extracted from its page (safe HTML: structural elements, safe attributes, absolute
    /// addresses), if it was fetched.
    let pageHTML: String?
    /// When the page's text was fetched, or last found unchanged; nil without one.
    public let pageFetched: Date?

    init(summaryHTML: String?, contentHTML: String?, pageHTML: String? = nil, pageFetched: Date? = nil) {
        self.summaryHTML = summaryHTML
        self.contentHTML = contentHTML
        self.pageHTML = pageHTML
        self.pageFetched = pageHTML == nil ? nil : pageFetched
    }

    /// The text to show: the page's, else the feed's content, else its summary, else "".
    public var html: String { pageHTML ?? feedHTML }

    /// Which text ``html`` is.
    public var kind: Kind {
        if pageHTML != nil { return .page }
        return contentHTML != nil ? .feedContent : .feedSummary
    }

    /// The feed's own text: its content, else its summary, else "" (whether or not the page's was fetched).
    public var feedHTML: String { contentHTML ?? summaryHTML ?? "" }

    /// The same text with the page's, fetched at `date`, in front.
    func withPage(_ html: String, fetched date: Date) -> ArticleBody {
        ArticleBody(summaryHTML: summaryHTML, contentHTML: contentHTML, pageHTML: html, pageFetched: date)
    }
}
