/// A feed a web page declares with `<link rel="alternate" type="…" href="…">`, as ``FeedLinkScanner`` found it.
public struct FeedLink: Sendable, Hashable, Codable {
    /// The feed format a link's `type` announces.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// `application/rss+xml` (and RSS 1.0's `application/rdf+xml`).
        case rss
        /// `application/atom+xml`.
        case atom
        /// `application/feed+json` (and JSON Feed 1.0's `application/json`).
        case json
    }

    /// The feed's absolute address (http, https, or file for a page read from a file).
    public var url: String
    /// The link's `title` attribute, character references decoded and whitespace collapsed, if any.
    public var title: String?
    /// What the link's `type` says the feed is.
    public var format: Format

    /// Makes a link.
    public init(url: String, title: String? = nil, format: Format) {
        self.url = url
        self.title = title
        self.format = format
    }
}

extension FeedLink.Format {
    /// The format a `<link>`'s `type` names, or nil for anything that is no feed.
    ///
    /// `application/json` alone is ambiguous: JSON Feed 1.0 used it, and so do WordPress's REST API links
    /// (`/wp-json/…`) and oEmbed. It counts only for an address that mentions a feed and is neither of those.
    init?(type: String, href: String) {
        let mediaType = type.split(separator: ";").first.map { $0.trimmingASCIIWhitespace().lowercased() } ?? ""
        switch mediaType {
        case "application/rss+xml", "application/x-rss+xml", "application/rdf+xml", "application/rss":
            self = .rss
        case "application/atom+xml", "application/x.atom+xml", "application/x-atom+xml":
            self = .atom
        case "application/feed+json":
            self = .json
        case "application/json":
            let address = href.lowercased()
            guard address.contains("feed"), !address.contains("wp-json"), !address.contains("oembed") else {
                return nil
            }
            self = .json
        default:
            return nil
        }
    }
}
