import Foundation
import FrontKit
import RssCore
import ServeCore

/// A folder as `GET folders` lists it: only `id` and `name` (NewsFlash reads nothing else).
struct NextcloudFolder: Encodable {
    /// The tag's number.
    let id: Int
    /// The tag.
    let name: String
}

/// A feed as `GET feeds` lists it, with every field the strict clients require (NewsFlash: `added`,
/// `ordering`, `pinned`, `updateErrorCount`) and `null`s written out where the spec has them.
struct NextcloudFeed: Encodable {
    /// The source's number.
    let id: Int
    /// The feed's address.
    let url: String
    /// The source's title (the user's name for it, if renamed).
    let title: String
    /// When it was followed, in seconds.
    let added: Int64
    /// nil for the root: written `null`, which every client reads as no folder (News since 15.1).
    let folderId: Int?
    /// Its unread items.
    let unreadCount: Int
    /// The site's address, when the feed says.
    let link: String?
    /// Failed fetches in a row (0 after a success).
    let updateErrorCount: Int
    /// Why the last fetch failed, if it did.
    let lastUpdateError: String?

    /// The feed of `source`, numbered `id`, with its unread count.
    init(_ source: Source, id: Int, folderID: Int?, unread: Int) {
        self.id = id
        url = source.url.absoluteString
        // A feed with an empty title gets its address as one (what RSS Guard shows anyway).
        title = source.title.isEmpty ? url : source.title
        added = Int64(source.addedAt.timeIntervalSince1970.rounded(.down))
        folderId = folderID
        unreadCount = unread
        link = source.siteLink?.absoluteString
        updateErrorCount = source.status.lastError == nil ? 0 : max(1, source.status.consecutiveFailures)
        lastUpdateError = source.status.lastError.map(ProblemTextForAPI.fetch)
    }

    private enum CodingKeys: String, CodingKey {
        case id, url, title, faviconLink, added, folderId, unreadCount, ordering, link, pinned, updateErrorCount
        case lastUpdateError, nextUpdateTime
    }

    /// Every field, `null`s included (the synthesized form leaves nil fields out).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(url, forKey: .url)
        try container.encode(title, forKey: .title)
        // No icon: RSS Guard 4.0.4 fetches this address without credentials for every feed at each sync-in.
        try container.encodeNil(forKey: .faviconLink)
        try container.encode(added, forKey: .added)
        try container.encode(folderId, forKey: .folderId)
        try container.encode(unreadCount, forKey: .unreadCount)
        try container.encode(0, forKey: .ordering)
        try container.encode(link, forKey: .link)
        try container.encode(false, forKey: .pinned)
        try container.encode(updateErrorCount, forKey: .updateErrorCount)
        try container.encode(lastUpdateError, forKey: .lastUpdateError)
        try container.encodeNil(forKey: .nextUpdateTime)
    }
}

/// `GET feeds` and `POST feeds`: the feeds, the number of starred items, and the highest item id, which is
/// there only when there are items (as News answers).
struct NextcloudFeeds: Encodable {
    /// The feeds.
    let feeds: [NextcloudFeed]
    /// Starred items, in every feed.
    let starredCount: Int
    /// The highest item id; nil (and left out) when there are no items.
    let newestItemId: Int64?
}
