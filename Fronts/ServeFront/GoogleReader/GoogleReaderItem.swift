import Foundation
import RssCore

/// One item of a Google Reader stream, as FreshRSS and FeedHQ write it.
struct GoogleReaderItem: Encodable {
    struct Link: Encodable {
        let href: String
        var type: String?
    }

    struct Origin: Encodable {
        let streamId: String
        let title: String
        let htmlUrl: String
    }

    struct Content: Encodable {
        let direction = "ltr"
        let content: String
    }

    let id: String
    let crawlTimeMsec: String
    let timestampUsec: String
    let published: Int64
    let updated: Int64
    let title: String
    let author: String?
    let canonical: [Link]
    let alternate: [Link]
    let categories: [String]
    let origin: Origin
    let summary: Content
    let enclosure: [Link]?

    init(_ article: ArticleSnapshot, source: Source?) {
        id = ItemID.long(article.number)
        crawlTimeMsec = String(Int64(article.firstSeen.timeIntervalSince1970 * 1_000))
        timestampUsec = String(Int64(article.date.timeIntervalSince1970 * 1_000_000))
        published = Int64(article.date.timeIntervalSince1970)
        updated = Int64((article.updated ?? article.date).timeIntervalSince1970)
        title = article.title
        author = article.author
        let links = article.link.map { [Link(href: $0.absoluteString, type: "text/html")] } ?? []
        canonical = links.map { Link(href: $0.href) }
        alternate = links
        categories = Self.categories(article, source: source)
        let streamID = source.map { StreamID.feed($0.url.absoluteString).name } ?? ""
        origin = Origin(
            streamId: streamID, title: source?.title ?? "",
            htmlUrl: (source?.siteLink ?? source?.url)?.absoluteString ?? "")
        summary = Content(content: article.body?.html ?? "")
        enclosure = article.enclosure.map { [Link(href: $0.url.absoluteString, type: $0.type)] }
    }

    /// The states and labels an item carries.
    static func categories(_ article: ArticleSnapshot, source: Source?) -> [String] {
        var names = [StreamID.readingList.name]
        names.append(article.isRead ? StreamID.read.name : StreamID.unread.name)
        if article.isStarred { names.append(StreamID.starred.name) }
        names += (source?.tags ?? []).map { StreamID.label($0).name }
        return names
    }
}

/// A page of a stream (`stream/contents`, `stream/items/contents`).
struct GoogleReaderStream: Encodable {
    let direction = "ltr"
    let id: String
    let title: String
    let updated: Int64
    let items: [GoogleReaderItem]
    let continuation: String?
}

/// A page of ids (`stream/items/ids`).
struct GoogleReaderItemRefs: Encodable {
    struct Ref: Encodable {
        let id: String
        let directStreamIds: [String]
        let timestampUsec: String
    }

    let itemRefs: [Ref]
    let continuation: String?
}
