public import Foundation

/// Turns the bytes of a feed into a ``ParsedFeed``: RSS 0.9x/1.0/2.0, Atom 0.3/1.0, JSON Feed 1.0/1.1.
///
/// Liberal like a browser (bad fields become ``ParseWarning``s, truncated documents keep their leading items),
/// and safe on hostile input (nothing is fetched; depth, element count and entity expansion are bounded by
/// ``Options``). It does no I/O and holds no state, so one value can be shared freely.
///
/// ```swift
/// let feed = try FeedParser().parse(data, contentType: response.contentType, url: feedURL)
/// for item in feed.items { print(item.id, item.title ?? "") }
/// ```
public struct FeedParser: Sendable {
    /// Limits that keep a hostile document from costing unbounded time or memory.
    public struct Options: Sendable, Hashable {
        /// Largest input accepted, in bytes.
        public var maxInputBytes: Int = 256 * 1024 * 1024
        /// Deepest element (or JSON value) nesting accepted.
        public var maxDepth: Int = 512
        /// Most elements accepted in one document.
        public var maxElements: Int = 10_000_000
        /// Total bytes internal DTD entities may expand to; beyond it references stay as written.
        public var maxEntityExpansionBytes: Int = 1024 * 1024

        /// The defaults, generous for real feeds.
        public init() {}
    }

    /// The limits in force.
    public var options: Options

    /// Makes a parser with the given limits.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses one document. `contentType` is the HTTP `Content-Type` (its charset outranks the XML
    /// declaration); `url` is where the feed was fetched from, used to resolve relative links.
    ///
    /// A feed read from a file (or from nowhere) was published somewhere else: its relative links mean
    /// something on its web site, not on this disk. So when `url` is a `file:` URL or nil and the feed
    /// declares an absolute http(s) address of its own (its self link, else its site link), relative links
    /// resolve against that address instead.
    public func parse(_ data: Data, contentType: String? = nil, url: URL? = nil) throws(FeedParseError) -> ParsedFeed {
        guard data.count <= options.maxInputBytes else {
            throw .tooLarge(bytes: data.count, limit: options.maxInputBytes)
        }
        if let format = BinaryInput.compression(of: data) { throw .compressed(format: format) }
        let header = contentType.map(ContentType.init)
        let decoded = DocumentDecoder.decode(data, httpCharset: header?.charset,
                                             textMediaType: header?.mediaType.hasPrefix("text/") ?? false)
        let first = decoded.withUTF8(of: data) { bytes in
            bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0) }
        }
        guard let first else { throw .empty }
        let readFromFile = url == nil || url?.isFileURL == true

        var result: ParsedFeed
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            let json = decoded.text.map { Data($0.utf8) } ?? data.dropFirst(decoded.bomLength)
            result = try mapJSON(json, documentURL: url?.absoluteString)
            if readFromFile, let published = Self.publishedAddress(of: result) {
                result = try mapJSON(json, documentURL: published)
            }
        } else {
            var document = try XMLTreeBuilder.build(
                decoded, of: data, options: options, documentURL: url?.absoluteString)
            let (format, root) = try FormatDetector.detect(
                document, isHTMLType: header?.isHTML ?? false,
                looksBinary: { decoded.withUTF8(of: data, BinaryInput.hasControlCharacters) })
            let isAtom = format == .atom03 || format == .atom10
            // The feed's own address is known from its feed-level elements alone: the items are read once,
            // against the tree rebased on that address.
            if readFromFile, let published = Self.publishedAddress(of: document, root: root, isAtom: isAtom) {
                document.rebase(documentURL: published)
            }
            var ctx = MappingContext(doc: document)
            let (feed, items) = isAtom ? AtomMapper.map(&ctx, root: root) : RSSMapper.map(&ctx, root: root)
            result = Self.assemble(format, feed, items, document.warnings + ctx.warnings)
        }
        result.encoding = decoded.encoding
        result.warnings = decoded.warnings + result.warnings
        return result
    }

    /// The address an XML feed declares for itself, read from its feed-level elements only.
    private static func publishedAddress(of document: XMLDocument, root: Int, isAtom: Bool) -> String? {
        var ctx = MappingContext(doc: document)
        let feed = isAtom ? AtomMapper.feed(&ctx, root: root).0 : RSSMapper.feed(&ctx, root: root)
        return publishedAddress(selfLink: feed.selfLink.value, siteLink: feed.link.value)
    }

    /// The absolute http(s) address a feed declares for itself (its self link, else its site link), as a
    /// document URL.
    private static func publishedAddress(of feed: ParsedFeed) -> String? {
        publishedAddress(selfLink: feed.selfLink, siteLink: feed.siteLink)
    }

    private static func publishedAddress(selfLink: String?, siteLink: String?) -> String? {
        guard let published = [selfLink, siteLink].lazy.compactMap({ $0 }).first(where: isWebAddress),
              let url = URL(string: published)
        else { return nil }
        return url.absoluteString
    }

    /// Whether `link` is an absolute http or https address.
    private static func isWebAddress(_ link: String) -> Bool {
        let lower = link.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    private func mapJSON(_ json: Data, documentURL: String?) throws(FeedParseError) -> ParsedFeed {
        let (format, feed, items, warnings) = try JSONFeedMapper.map(json, options: options, documentURL: documentURL)
        return Self.assemble(format, feed, items, warnings)
    }

    private static func assemble(_ format: FeedFormat, _ feed: FeedDraft, _ items: [ItemDraft],
                                 _ warnings: [ParseWarning]) -> ParsedFeed {
        let authors = feed.authors.value ?? []
        var built = items.map { $0.build(feedAuthors: format == .atom10 || format == .atom03 ? authors : []) }
        let warnings = warnings + RepeatedIDs.makeUnique(&built)
        return ParsedFeed(
            format: format, title: feed.title.value.flatMap { TitleText.plain($0.text, $0.markup) },
            siteLink: feed.link.value, selfLink: feed.selfLink.value,
            description: feed.description.value, iconURL: feed.icon.value, updated: feed.updated.value,
            language: feed.language.value, authors: authors,
            items: built,
            warnings: warnings, ttl: feed.ttl.value, updatePeriod: feed.updatePeriod.value,
            updateFrequency: feed.updateFrequency.value)
    }
}
