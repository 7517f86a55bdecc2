import FeedParser
import Foundation

/// Maps a feedparser result path (`entries[0]['title_detail']['value']`) onto our model, for the fields the
/// model has; everything else is reported as unsupported and left unchecked.
enum ExpectationProbe {
    enum Result {
        case unsupported
        case value(Any?)
    }

    static let versionNames: [FeedFormat: Set<String>] = [
        .rss090: ["rss090"], .rss09x: ["rss091u", "rss091n", "rss092", "rss093", "rss094", "rss091"],
        .rss10: ["rss10"], .rss20: ["rss20", "rss"], .atom03: ["atom03"], .atom10: ["atom10", "atom"],
        .jsonFeed10: ["json1"], .jsonFeed11: ["json11"],
    ]

    static func probe(_ feed: ParsedFeed, _ path: [Any]) -> Result {
        guard let head = path.first as? String else { return .unsupported }
        let rest = Array(path.dropFirst())
        switch head {
        case "encoding": return rest.isEmpty ? .value(feed.encoding) : .unsupported
        case "version": return rest.isEmpty ? .value(VersionValue(format: feed.format)) : .unsupported
        case "feed": return probeFeed(feed, rest)
        case "entries":
            guard let index = rest.first as? Int else { return .unsupported }
            guard index < feed.items.count else { return .value(nil) }
            return probeItem(feed.items[index], Array(rest.dropFirst()))
        default: return .unsupported
        }
    }

    private static func key(_ path: [Any]) -> String {
        path.map { "\($0)" }.joined(separator: ".")
    }

    private static func probeFeed(_ feed: ParsedFeed, _ path: [Any]) -> Result {
        switch key(path) {
        case "title", "title_detail.value": return .value(PlainTitle(text: feed.title))
        case "link": return .value(feed.siteLink)
        case "subtitle", "tagline", "description", "subtitle_detail.value", "tagline_detail.value":
            return .value(feed.description)
        case "language": return .value(feed.language)
        case "updated_parsed", "modified_parsed": return .value(feed.updated)
        case "icon", "image.href", "image.url": return .value(feed.iconURL)
        case "ttl": return .value(feed.ttl.map(String.init))
        default: return probeAuthors(feed.authors, path)
        }
    }

    private static func probeItem(_ item: FeedItem, _ path: [Any]) -> Result {
        switch key(path) {
        case "title", "title_detail.value": return .value(PlainTitle(text: item.title))
        case "link": return .value(item.link)
        case "id", "guid": return .value(item.idKind == .hash ? nil : item.id)
        case "description", "summary", "summary_detail.value": return .value(item.summary ?? item.contentHTML)
        case "content.0.value": return .value(item.contentHTML)
        case "published_parsed", "issued_parsed": return .value(item.published)
        case "updated_parsed", "modified_parsed": return .value(item.updated)
        case "category": return .value(item.categories.first)
        default: break
        }
        if path.count == 3, path[0] as? String == "enclosures", let i = path[1] as? Int, let field = path[2] as? String {
            guard i < item.enclosures.count else { return .value(nil) }
            let enclosure = item.enclosures[i]
            switch field {
            case "href", "url": return .value(enclosure.url)
            case "type": return .value(enclosure.mimeType)
            case "length": return .value(enclosure.length.map { "\($0)" })
            default: return .unsupported
            }
        }
        if path.count == 3, path[0] as? String == "tags", let i = path[1] as? Int, path[2] as? String == "term" {
            return .value(i < item.categories.count ? item.categories[i] : nil)
        }
        return probeAuthors(item.authors, path)
    }

    private static func probeAuthors(_ authors: [FeedAuthor], _ path: [Any]) -> Result {
        let k = key(path)
        let first = authors.first
        switch k {
        case "author": return .value(first?.displayString)
        case "author_detail.name": return .value(first?.name)
        case "author_detail.email": return .value(first?.email)
        case "author_detail.url", "author_detail.href": return .value(first?.url)
        default: break
        }
        if path.count == 3, path[0] as? String == "authors", let i = path[1] as? Int, let field = path[2] as? String {
            let author = i < authors.count ? authors[i] : nil
            switch field {
            case "name": return .value(author?.name)
            case "email": return .value(author?.email)
            case "url", "href": return .value(author?.url)
            default: return .unsupported
            }
        }
        return .unsupported
    }

    struct VersionValue {
        var format: FeedFormat
    }

    /// Our titles are plain text, feedparser's keep their markup when their type is HTML (sanitised, entities
    /// escaped); the expectations do not say which type a title had, so ``ExpectationCheck`` accepts our title
    /// when it equals feedparser's value as text or that value read as HTML.
    struct PlainTitle {
        var text: String?
    }
}
