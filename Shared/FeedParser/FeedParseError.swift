/// Why a document could not be turned into a feed at all; anything less severe becomes a ``ParseWarning``.
///
/// Every case renders itself as one line (``description``) so a front can show it as is.
public enum FeedParseError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The input was empty or only whitespace.
    case empty
    /// The input is a web page, not a feed (the usual mistake when a site URL is added instead of its feed).
    case htmlPage
    /// The input is an OPML subscription list, which belongs to ``OPMLReader``.
    case opmlDocument
    /// The root element or JSON object is not a known feed format; the associated value names what was found.
    case notAFeed(String)
    /// JSON that could not be read (truncated or invalid).
    case invalidJSON(String)
    /// Elements or JSON values nested deeper than ``FeedParser/Options/maxDepth``.
    case nestedTooDeeply(limit: Int)
    /// The input is larger than ``FeedParser/Options/maxInputBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// More elements than ``FeedParser/Options/maxElements``.
    case tooManyElements(limit: Int)

    /// One line for a person.
    public var description: String {
        switch self {
        case .empty: return "empty document"
        case .htmlPage: return "not a feed (looks like an HTML page)"
        case .opmlDocument: return "not a feed (this is an OPML subscription list)"
        case .notAFeed(let what): return "not a feed (\(what))"
        case .invalidJSON(let why): return "not a feed (invalid JSON: \(why))"
        case .nestedTooDeeply(let limit): return "document nested too deeply (more than \(limit) levels)"
        case .tooLarge(let bytes, let limit): return "document too large (\(bytes) bytes, limit \(limit))"
        case .tooManyElements(let limit): return "document has too many elements (limit \(limit))"
        }
    }
}
