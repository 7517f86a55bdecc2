import Foundation
import RssCore
import ServeCore

/// An item as the items routes give it (the same in v1-2 and v1-3), typed as the strictest clients read it:
/// `unread`, `starred` and `rtl` are JSON booleans (RSS Guard reads anything else as false); `guid`, `title`,
/// `author`, `body` and `url` are always strings (newsboat 2.21 crashes on a null, Fluent Reader skips an item
/// without `url`); ids are numbers below 2^31; dates are whole seconds.
struct NextcloudItem: Encodable {
    /// The article's number.
    let id: Int64
    /// The item's own id in its feed.
    let guid: String
    /// The MD5 of ``guid`` (``GuidHash``).
    let guidHash: String
    /// Its link; "" when it has none.
    let url: String
    /// Its title, as plain text.
    let title: String
    /// Its author; "" when the feed does not say.
    let author: String
    /// Its date (published, else updated, else first seen), in seconds.
    let pubDate: Int64
    /// When the feed says it was updated, in seconds.
    let updatedDate: Int64?
    /// Its HTML; "" when it has none.
    let body: String
    /// The type of its enclosure ("" when the feed does not say); nil without one.
    let enclosureMime: String?
    /// The address of its enclosure, if it has one.
    let enclosureLink: String?
    /// Its source's number.
    let feedId: Int
    /// Whether it is unread.
    let unread: Bool
    /// Whether it is starred.
    let starred: Bool
    /// When it last changed, in seconds (see ``init(_:feedID:)``).
    let lastModified: Int64
    /// A hash of its guid and link, which News computes from its content.
    let fingerprint: String

    /// The item of `article`, whose source's feed id is `feedID`.
    init(_ article: ArticleSnapshot, feedID: Int) {
        id = article.number
        guid = article.itemID
        guidHash = GuidHash.of(article.itemID)
        url = article.link?.absoluteString ?? ""
        title = article.title
        author = article.author ?? ""
        pubDate = Self.seconds(article.date)
        updatedDate = article.updated.map(Self.seconds)
        body = article.body?.html ?? ""
        enclosureMime = article.enclosure.map { $0.type ?? "" }
        enclosureLink = article.enclosure?.url.absoluteString
        feedId = feedID
        unread = !article.isRead
        starred = article.isStarred
        // When it was stored, marked or re-fetched with new text: what `items/updated` compares with.
        lastModified = Self.seconds(article.changed)
        // News hashes the content to find the same item in two feeds; the guid and the link are enough to tell
        // items apart here, and hashing every body of a long list would cost more than the list.
        fingerprint = GuidHash.of(guid + "\n" + url)
    }

    /// Whole seconds since 1970, rounded down (News crops its microseconds so).
    static func seconds(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.down))
    }

    private enum CodingKeys: String, CodingKey {
        case id, guid, guidHash, url, title, author, pubDate, updatedDate, body, enclosureMime, enclosureLink
        case mediaThumbnail, mediaDescription, feedId, unread, starred, rtl, lastModified, fingerprint
    }

    /// Every field, `null`s included (the synthesized form leaves nil fields out).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(guid, forKey: .guid)
        try container.encode(guidHash, forKey: .guidHash)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        try container.encode(author, forKey: .author)
        try container.encode(pubDate, forKey: .pubDate)
        try container.encode(updatedDate, forKey: .updatedDate)
        try container.encode(body, forKey: .body)
        try container.encode(enclosureMime, forKey: .enclosureMime)
        try container.encode(enclosureLink, forKey: .enclosureLink)
        try container.encodeNil(forKey: .mediaThumbnail)
        try container.encodeNil(forKey: .mediaDescription)
        try container.encode(feedId, forKey: .feedId)
        try container.encode(unread, forKey: .unread)
        try container.encode(starred, forKey: .starred)
        try container.encode(false, forKey: .rtl)
        try container.encode(lastModified, forKey: .lastModified)
        try container.encode(fingerprint, forKey: .fingerprint)
    }
}
