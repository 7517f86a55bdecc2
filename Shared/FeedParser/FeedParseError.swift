/// Why a document could not be turned into a feed at all; anything less severe becomes a ``ParseWarning``.
///
/// A value, not a message: a program can tell the cases apart (positions are 1-based and `nil` when unknown), and
/// a store can keep it as JSON (`Codable`). No case ever carries bytes of the input other than a root element
/// name that is a valid XML name, so nothing binary or invisible can reach a screen or a log through it.
/// ``description`` words it in one line of English.
public enum FeedParseError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The input was empty or only whitespace.
    case empty
    /// The input is not text (an image, an archive, random bytes).
    case binaryData
    /// The input is compressed data that nobody decompressed (typically gzip sent without `Content-Encoding`).
    case compressed(format: Compression)
    /// The input is a web page, not a feed (the usual mistake when a site URL is added instead of its feed).
    case htmlPage
    /// The input is an OPML subscription list, which belongs to ``OPMLReader``.
    case opmlDocument
    /// ``OPMLReader`` was given a feed rather than a subscription list.
    case feedDocument
    /// Text with no XML element in it, and not JSON either.
    case noRootElement
    /// XML whose root element is not the format expected (a feed for ``FeedParser``, `<opml>` for
    /// ``OPMLReader``): its name as written and the line its start tag is on.
    case notAFeed(rootElement: String, line: Int?)
    /// JSON that could not be read (truncated or invalid), with where the reader gave up, when it said.
    case invalidJSON(line: Int?, column: Int?)
    /// Valid JSON that is neither a JSON Feed nor RSS-in-JSON.
    case notAJSONFeed
    /// Elements or JSON values nested deeper than ``FeedParser/Options/maxDepth``.
    case nestedTooDeeply(limit: Int)
    /// The input is larger than ``FeedParser/Options/maxInputBytes``.
    case tooLarge(bytes: Int, limit: Int)
    /// More elements than ``FeedParser/Options/maxElements``.
    case tooManyElements(limit: Int)

    /// One line for a person, in English, for a document read as a feed: "not a feed (…)", "empty document".
    public var description: String {
        switch self {
        case .empty, .nestedTooDeeply, .tooLarge, .tooManyElements: reason
        default: "not a feed (\(reason))"
        }
    }

    /// What is wrong with the document, without saying what it was expected to be (so that a reader of OPML
    /// can say "not an OPML subscription list (binary data, not text)").
    public var reason: String {
        switch self {
        case .empty: "empty document"
        case .binaryData: "binary data, not text"
        case .compressed(let format): "\(format.rawValue)-compressed data that was not decompressed"
        case .htmlPage: "looks like an HTML page"
        case .opmlDocument: "this is an OPML subscription list"
        case .feedDocument: "this is a feed"
        case .noRootElement: "no XML root element"
        case .notAFeed(let name, let line): "root element <\(name)>" + (line.map { " on line \($0)" } ?? "")
        case .invalidJSON(let line, let column): "invalid JSON" + Self.position(line: line, column: column)
        case .notAJSONFeed: "JSON, but not a JSON Feed"
        case .nestedTooDeeply(let limit): "document nested too deeply (more than \(limit) levels)"
        case .tooLarge(let bytes, let limit): "document too large (\(bytes) bytes, limit \(limit))"
        case .tooManyElements(let limit): "document has too many elements (limit \(limit))"
        }
    }

    private static func position(line: Int?, column: Int?) -> String {
        switch (line, column) {
        case let (line?, column?): return " at line \(line), column \(column)"
        case let (line?, nil): return " at line \(line)"
        default: return ""
        }
    }
}
