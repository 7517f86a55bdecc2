/// One entry of a feed, with a stable ``id`` so that a reader can merge re-fetches without duplicates.
public struct FeedItem: Sendable, Hashable, Codable {
    /// Where an item's ``FeedItem/id`` came from, so a store can tell a publisher's id from a computed one.
    public enum IDKind: String, Sendable, Hashable, Codable {
        /// RSS `<guid>` (or `dc:identifier`).
        case guid
        /// RSS 1.0 `rdf:about`.
        case rdfAbout
        /// Atom `<id>`.
        case atomID
        /// JSON Feed `id`.
        case jsonID
        /// No id in the feed: a hash of link, title and enclosure, or of summary, content and date when the
        /// item has none of those (see ``ItemIdentity``).
        case hash
    }

    /// Stable identity, unique within the feed unless the feed lists the same article twice; see
    /// ``ItemIdentity`` for the rule.
    public var id: String
    /// Where ``id`` came from.
    public var idKind: IDKind
    /// The publisher id this item shares with different articles of its document, when rule 4 of
    /// ``ItemIdentity`` made ``id`` unique from it; nil when ``id`` is the publisher's own id or a hash.
    public var sharedID: String?
    /// Title as plain text, if any: references decoded, markup removed (all of it in Atom `html` and `xhtml`
    /// titles; in RSS only from a title that is markup, an element opened and closed in it, so `a < b` and
    /// `Use <br> or <hr>?` stay; none from JSON Feed's plain-text titles), whitespace collapsed.
    public var title: String?
    /// Permalink, absolute.
    public var link: String?
    /// Authors, in document order.
    public var authors: [FeedAuthor]
    /// When the item was first published.
    public var published: FeedDate?
    /// When the item was last changed.
    public var updated: FeedDate?
    /// Short text or HTML summary (RSS `description`, Atom `summary`).
    public var summary: String?
    /// Full HTML content (`content:encoded`, Atom `content`, JSON `content_html`).
    public var contentHTML: String?
    /// Attached media.
    public var enclosures: [FeedEnclosure]
    /// Category terms, in document order, without duplicates.
    public var categories: [String]
    /// A representative image (Media RSS thumbnail, iTunes image, JSON `image`).
    public var thumbnailURL: String?
    /// Play length in seconds for podcast episodes (`itunes:duration`), if given.
    public var durationSeconds: Double?
    /// The address of the original article, absolute, when the feed gives it beside a redirector's ``link``
    /// (FeedBurner's `feedburner:origLink`): what tells two feeds' copies of one story apart from others.
    public var originLink: String?

    /// Makes an item.
    public init(
        id: String, idKind: IDKind, title: String? = nil, link: String? = nil, authors: [FeedAuthor] = [],
        published: FeedDate? = nil, updated: FeedDate? = nil, summary: String? = nil, contentHTML: String? = nil,
        enclosures: [FeedEnclosure] = [], categories: [String] = [], thumbnailURL: String? = nil,
        durationSeconds: Double? = nil, sharedID: String? = nil, originLink: String? = nil
    ) {
        self.id = id
        self.idKind = idKind
        self.sharedID = sharedID
        self.originLink = originLink
        self.title = title
        self.link = link
        self.authors = authors
        self.published = published
        self.updated = updated
        self.summary = summary
        self.contentHTML = contentHTML
        self.enclosures = enclosures
        self.categories = categories
        self.thumbnailURL = thumbnailURL
        self.durationSeconds = durationSeconds
    }
}
