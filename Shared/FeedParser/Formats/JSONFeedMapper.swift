import Foundation

/// JSON Feed 1.0 and 1.1 (and Dave Winer's RSS-in-JSON) to the common model.
enum JSONFeedMapper {
    typealias Object = [String: Any]

    static func map(_ data: Data, options: FeedParser.Options, documentURL: String?) throws(FeedParseError)
        -> (FeedFormat, FeedDraft, [ItemDraft], [ParseWarning]) {
        guard JSONDepth.maxDepth(data, limit: options.maxDepth) <= options.maxDepth else {
            throw .nestedTooDeeply(limit: options.maxDepth)
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let (line, column) = JSONErrorLocation.locate(error, in: data)
            throw .invalidJSON(line: line, column: column)
        }
        guard let root = value as? Object else { throw .notAJSONFeed }
        if let rss = root["rss"] as? Object {
            return try RSSInJSONMapper.map(rss, documentURL: documentURL)
        }
        let version = root["version"] as? String ?? ""
        guard version.contains("jsonfeed.org") || root["items"] is [Any] else {
            throw .notAJSONFeed
        }
        let format: FeedFormat = version.hasSuffix("/1.1") ? .jsonFeed11 : .jsonFeed10
        var warnings: [ParseWarning] = []
        let base = string(root["feed_url"]) ?? documentURL
        var feed = FeedDraft()
        feed.title.offer(string(root["title"]).map { ($0, .escapedText) }, rank: 0)
        feed.link.offer(url(root["home_page_url"], base), rank: 0)
        feed.selfLink.offer(url(root["feed_url"], documentURL), rank: 0)
        feed.description.offer(string(root["description"]), rank: 0)
        feed.icon.offer(url(root["icon"], base), rank: 0)
        feed.icon.offer(url(root["favicon"], base), rank: 1)
        feed.language.offer(string(root["language"]), rank: 0)
        feed.authors.offer(authors(root), rank: 0)
        var items: [ItemDraft] = []
        for (index, raw) in ((root["items"] as? [Any]) ?? []).enumerated() {
            guard let object = raw as? Object else {
                warnings.append(ParseWarning(field: "items[\(index)]", rawValue: "\(raw)", reason: "item is not an object"))
                continue
            }
            items.append(item(object, base: base, field: "items[\(index)]", warnings: &warnings))
        }
        return (format, feed, items, warnings)
    }

    private static func item(_ o: Object, base: String?, field: String, warnings: inout [ParseWarning]) -> ItemDraft {
        var item = ItemDraft()
        if let id = o["id"] {
            let text: String? = (id as? String) ?? (id as? NSNumber).map { "\($0)" }
            if let text = text?.trimmingASCIIWhitespace(), !text.isEmpty { item.id.offer((text, .jsonID), rank: 0) }
        }
        item.title.offer(string(o["title"]).map { ($0, .escapedText) }, rank: 0)
        item.link.offer(url(o["url"], base), rank: 0)
        item.link.offer(url(o["external_url"], base), rank: 1)
        item.content.offer(string(o["content_html"]), rank: 0)
        item.content.offer(string(o["content_text"]).map { XMLSerializer.escape($0, quote: false) }, rank: 1)
        item.summary.offer(string(o["summary"]), rank: 0)
        item.thumbnail.offer(url(o["image"], base), rank: 0)
        item.thumbnail.offer(url(o["banner_image"], base), rank: 1)
        for (key, target) in [("date_published", \ItemDraft.published), ("date_modified", \ItemDraft.updated)] {
            guard let raw = string(o[key]) else { continue }
            if let date = DateParser.parse(raw) { item[keyPath: target].offer(date, rank: 0) }
            else { warnings.append(ParseWarning(field: "\(field).\(key)", rawValue: raw, reason: "unrecognised date")) }
        }
        item.authors.offer(authors(o), rank: 0)
        for tag in (o["tags"] as? [Any]) ?? [] { item.addCategory(tag as? String) }
        for case let attachment as Object in (o["attachments"] as? [Any]) ?? [] {
            guard let link = url(attachment["url"], base) else { continue }
            item.addEnclosure(FeedEnclosure(
                url: link, mimeType: string(attachment["mime_type"]),
                length: (attachment["size_in_bytes"] as? NSNumber)?.int64Value,
                durationSeconds: (attachment["duration_in_seconds"] as? NSNumber)?.doubleValue))
        }
        return item
    }

    /// 1.1 `authors` array, else 1.0 `author` object.
    private static func authors(_ o: Object) -> [FeedAuthor]? {
        let list = (o["authors"] as? [Any]) ?? (o["author"].map { [$0] } ?? [])
        let result = list.compactMap { raw -> FeedAuthor? in
            guard let a = raw as? Object else { return nil }
            var author = FeedAuthor(name: string(a["name"]), url: string(a["url"]))
            if let link = author.url, link.lowercased().hasPrefix("mailto:") {
                author.email = String(link.dropFirst(7))
                author.url = nil
            }
            return author.isEmpty ? nil : author
        }
        return result.isEmpty ? nil : result
    }

    static func string(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmingASCIIWhitespace(), !text.isEmpty else { return nil }
        return text
    }

    static func url(_ value: Any?, _ base: String?) -> String? {
        guard let text = string(value), !URLResolver.isDangerous(text) else { return nil }
        return URLResolver.resolve(text, against: base)
    }
}
