public import Foundation

/// Finds the feeds a web page declares: its `<link rel="alternate">` elements whose `type` is RSS, Atom or JSON
/// Feed, with their addresses made absolute against the page's `<base href>` (the first one, as in HTML) or
/// else the page's own address.
///
/// Liberal and safe on any bytes: only the first ``maximumScannedBytes`` are read (a page's `<head>` is far
/// smaller), at most ``maximumLinks`` links are kept, markup is read by a small tokenizer of its own that never
/// fails, and nothing is executed or fetched. The page's charset comes from its byte order mark
/// or `contentType` (a `<meta charset>` is not read); a page that is not valid UTF-8 and says nothing is read as
/// windows-1252.
///
/// ```swift
/// let links = FeedLinkScanner.feedLinks(in: page, contentType: "text/html", pageURL: "https://example.org/")
/// let firstAtom = links.first { $0.format == .atom }?.url
/// ```
public enum FeedLinkScanner {
    /// How much of a page is read.
    public static let maximumScannedBytes = 1024 * 1024
    /// How many feed links are kept, in document order.
    public static let maximumLinks = 64

    /// The feed links of `page`, in document order, each address once; `pageURL` is where the page came from.
    /// Only http and https addresses are kept (and file addresses when the page itself is a file), so a
    /// `javascript:` or `data:` link is never offered.
    public static func feedLinks(in page: Data, contentType: String? = nil, pageURL: String? = nil) -> [FeedLink] {
        let head = scannedPart(of: page)
        var charset = contentType.map(ContentType.init)?.charset
        // HTML is not taken for UTF-16 or UTF-32 by where its zero bytes fall, as XML is: only a byte order mark
        // or the header says so (a page starting with NUL bytes is read as UTF-8).
        let start = [UInt8](head.prefix(4))
        if charset == nil, CharsetDetector.byteOrderMark(start) == nil,
            CharsetDetector.sniffWideEncoding(start) != nil
        {
            charset = "utf-8"
        }
        let decoded = DocumentDecoder.decode(head, httpCharset: charset)
        var base: String?
        var found: [(href: String, title: String?, format: FeedLink.Format)] = []
        decoded.withUTF8(of: head) { bytes in
            HTMLTagScanner.scan(bytes, names: ["link", "base"]) { tag in
                if tag.name == "base", base == nil, let href = tag.attributes["href"] {
                    base = address(href)
                } else if tag.name == "link", let link = declaredFeed(tag) {
                    found.append(link)
                }
                return found.count < maximumLinks
            }
        }
        let documentBase = base.flatMap { resolved($0, against: pageURL, page: pageURL) } ?? pageURL
        var seen = Set<String>()
        return found.compactMap { link in
            guard let url = resolved(link.href, against: documentBase, page: pageURL), seen.insert(url).inserted
            else { return nil }
            return FeedLink(url: url, title: link.title, format: link.format)
        }
    }

    /// The first ``maximumScannedBytes`` of `page`, cut after a `>` so that no character is split in two.
    private static func scannedPart(of page: Data) -> Data {
        guard page.count > maximumScannedBytes else { return page }
        let prefix = page.prefix(maximumScannedBytes)
        let end = prefix.lastIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? prefix.endIndex
        return Data(page[page.startIndex..<end])
    }

    /// The link `tag` declares, when it is an alternate (or feed) link with a feed type and an address.
    private static func declaredFeed(_ tag: HTMLStartTag) -> (href: String, title: String?, format: FeedLink.Format)? {
        let relations = (tag.attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        guard relations.contains("alternate") || relations.contains("feed"), !relations.contains("stylesheet"),
            let href = tag.attributes["href"].map(address), !href.isEmpty,
            let format = FeedLink.Format(type: tag.attributes["type"] ?? "", href: href)
        else { return nil }
        return (href, tag.attributes["title"].flatMap(title), format)
    }

    /// An attribute value as an address: references decoded, surrounding whitespace dropped, and tabs and line
    /// breaks inside removed (as browsers do).
    private static func address(_ value: String) -> String {
        HTMLEntities.decode(value).trimmingASCIIWhitespace().filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }

    /// A title as a person reads it: references decoded, whitespace runs made one space, at most 200 characters.
    private static func title(_ value: String) -> String? {
        let words = HTMLEntities.decode(value).split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let text = words.joined(separator: " ")
        return text.isEmpty ? nil : String(text.prefix(200))
    }

    /// `reference` made absolute against `base`; nil unless it is http(s), or a file when the page is one.
    /// `feed:` addresses (`feed://host/x`, `feed:https://host/x`) are the web addresses they wrap.
    private static func resolved(_ reference: String, against base: String?, page: String?) -> String? {
        var reference = reference
        let lower = reference.prefix(12).lowercased()
        if lower.hasPrefix("feed://") {
            reference = "http://" + reference.dropFirst(7)
        } else if lower.hasPrefix("feed:http:") || lower.hasPrefix("feed:https:") {
            reference = String(reference.dropFirst(5))
        }
        let absolute = URLResolver.resolve(reference, against: base)
        guard let url = URL(string: absolute), let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https": return url.host.map { !$0.isEmpty } == true ? absolute : nil
        case "file": return page?.prefix(5).lowercased() == "file:" ? absolute : nil
        default: return nil
        }
    }
}
