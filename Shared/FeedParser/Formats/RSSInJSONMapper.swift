import Foundation

/// RSS-in-JSON (`{"rss": {"channel": {…, "item": […]}}}`): an RSS 2.0 channel with elements as keys.
enum RSSInJSONMapper {
    typealias Object = [String: Any]

    static func map(_ rss: Object, documentURL: String?) throws(FeedParseError)
        -> (FeedFormat, FeedDraft, [ItemDraft], [ParseWarning]) {
        guard let channel = rss["channel"] as? Object else { throw .notAJSONFeed }
        let s = JSONFeedMapper.string, u = JSONFeedMapper.url
        var warnings: [ParseWarning] = []
        var feed = FeedDraft()
        feed.title.offer(s(channel["title"]).map { ($0, .looseHTML) }, rank: 0)
        feed.link.offer(u(channel["link"], documentURL), rank: 0)
        feed.description.offer(s(channel["description"]), rank: 0)
        feed.language.offer(s(channel["language"]), rank: 0)
        feed.updated.offer(s(channel["lastBuildDate"]).flatMap(DateParser.parse), rank: 0)
        let rawItems: [Any] = (channel["item"] as? [Any]) ?? (channel["item"].map { [$0] } ?? [])
        var items: [ItemDraft] = []
        for (index, raw) in rawItems.enumerated() {
            guard let o = raw as? Object else { continue }
            var item = ItemDraft()
            item.title.offer(s(o["title"]).map { ($0, .looseHTML) }, rank: 0)
            item.link.offer(u(o["link"], documentURL), rank: 0)
            item.summary.offer(s(o["description"]), rank: 0)
            let guid = s(o["guid"]) ?? s((o["guid"] as? Object)?["value"])
            item.id.offer(guid.map { ($0, .guid) }, rank: 0)
            if let raw = s(o["pubDate"]) {
                if let date = DateParser.parse(raw) { item.published.offer(date, rank: 0) }
                else { warnings.append(ParseWarning(field: "item[\(index)].pubDate", rawValue: raw, reason: "unrecognised date")) }
            }
            if let enclosure = o["enclosure"] as? Object, let link = u(enclosure["url"], documentURL) {
                item.addEnclosure(FeedEnclosure(url: link, mimeType: s(enclosure["type"]),
                                                length: s(enclosure["length"]).flatMap { Int64($0) }
                                                    ?? (enclosure["length"] as? NSNumber)?.int64Value))
            }
            let categories: [Any] = (o["category"] as? [Any]) ?? (o["category"].map { [$0] } ?? [])
            for category in categories { item.addCategory(s(category)) }
            items.append(item)
        }
        return (.rssInJSON, feed, items, warnings)
    }
}
