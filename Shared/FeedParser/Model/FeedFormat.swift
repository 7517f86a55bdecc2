/// The syndication format a document was recognised as, so callers can report it and tests can pin detection.
///
/// Detection looks at content only (the root element or the JSON `version`), never at a file extension.
public enum FeedFormat: String, Sendable, Hashable, Codable, CaseIterable {
    /// RSS 0.90 (RDF-based, Netscape namespace).
    case rss090
    /// RSS 0.91, 0.92, 0.93 or 0.94 (also an `<rss>` root with no version).
    case rss09x
    /// RSS 1.0 (RDF).
    case rss10
    /// RSS 2.0.
    case rss20
    /// Atom 0.3 (the pre-standard draft still served by old blogs).
    case atom03
    /// Atom 1.0 (RFC 4287).
    case atom10
    /// JSON Feed 1.0.
    case jsonFeed10
    /// JSON Feed 1.1.
    case jsonFeed11
    /// Dave Winer's RSS-in-JSON (an RSS 2.0 channel serialised as JSON).
    case rssInJSON
}
