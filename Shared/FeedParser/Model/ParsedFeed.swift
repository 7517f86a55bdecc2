/// The result of parsing one feed document: what a reader stores and shows, independent of the wire format.
public struct ParsedFeed: Sendable, Hashable, Codable {
    /// The format the document was recognised as.
    public var format: FeedFormat
    /// Feed title as plain text, if any (the same rule as ``FeedItem/title``).
    public var title: String?
    /// The web site the feed belongs to (RSS `link`, Atom `link rel=alternate`, JSON `home_page_url`).
    public var siteLink: String?
    /// The feed's own address as it declares it (Atom or RSS `atom:link rel=self`, JSON `feed_url`), if any.
    public var selfLink: String?
    /// Subtitle or description, if any.
    public var description: String?
    /// An icon or logo URL, if any.
    public var iconURL: String?
    /// When the feed says it last changed.
    public var updated: FeedDate?
    /// Language tag as declared (`en-us`), if any.
    public var language: String?
    /// Feed-level authors, if any.
    public var authors: [FeedAuthor]
    /// Items in document order.
    public var items: [FeedItem]
    /// Everything the parser recovered from; empty for a clean document.
    public var warnings: [ParseWarning]
    /// The character encoding the bytes were decoded with (lower-case IANA name, e.g. `utf-8`).
    public var encoding: String
    /// RSS `<ttl>`: how many minutes the feed may be cached before it is fetched again, if it says.
    public var ttl: Int?
    /// The Syndication module's `sy:updatePeriod`, if the feed says (see ``syndicationInterval``).
    public var updatePeriod: UpdatePeriod?
    /// The Syndication module's `sy:updateFrequency`: updates per ``updatePeriod``, if the feed says.
    public var updateFrequency: Int?

    /// Makes a feed.
    public init(
        format: FeedFormat, title: String? = nil, siteLink: String? = nil, selfLink: String? = nil, description: String? = nil,
        iconURL: String? = nil, updated: FeedDate? = nil, language: String? = nil, authors: [FeedAuthor] = [],
        items: [FeedItem] = [], warnings: [ParseWarning] = [], encoding: String = "utf-8", ttl: Int? = nil,
        updatePeriod: UpdatePeriod? = nil, updateFrequency: Int? = nil
    ) {
        self.format = format
        self.title = title
        self.siteLink = siteLink
        self.selfLink = selfLink
        self.description = description
        self.iconURL = iconURL
        self.updated = updated
        self.language = language
        self.authors = authors
        self.items = items
        self.warnings = warnings
        self.encoding = encoding
        self.ttl = ttl
        self.updatePeriod = updatePeriod
        self.updateFrequency = updateFrequency
    }
}
