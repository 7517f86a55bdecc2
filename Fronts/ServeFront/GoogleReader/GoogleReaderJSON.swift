import Foundation
import NIOCore
import RssCore
import ServeCore

/// The JSON of Google Reader's streams, written as FreshRSS writes them (its "compat" form, which the apps were
/// written against) with a ``JSONWriter``: the answers a first sync asks for thousands of.
enum GoogleReaderJSON {
    /// A page of a stream (`stream/contents`, `stream/items/contents`): `id`, `updated`, `items`, and
    /// `continuation` when there is more.
    static func stream(
        id: String, articles: [ArticleSnapshot], directory: GoogleReaderDirectory, continuation: String?, now: Date
    ) -> ByteBuffer {
        var json = JSONWriter(capacity: 1_024 + articles.count * 1_536)
        json.object { json in
            json.member("id", id)
            json.member("updated", Int64(now.timeIntervalSince1970))
            json.key("items")
            json.array { json in
                for article in articles { item(article, directory: directory, into: &json) }
            }
            if let continuation { json.member("continuation", continuation) }
        }
        return json.buffer
    }

    /// A page of item ids (`stream/items/ids`): short (decimal) ids only, as FreshRSS answers.
    static func itemRefs(_ numbers: [Int64], continuation: String?) -> ByteBuffer {
        var json = JSONWriter(capacity: 64 + numbers.count * 24)
        json.object { json in
            json.key("itemRefs")
            json.array { json in
                for number in numbers {
                    json.object { json in json.member("id", quoted: number) }
                }
            }
            if let continuation { json.member("continuation", continuation) }
        }
        return json.buffer
    }

    /// One item. Its times are the server's storage time (`crawlTimeMsec`, `timestampUsec`), its `published`
    /// the article's date; `canonical` and `alternate` always hold one link (empty when the article has none),
    /// and its categories are the reading list, `read` and `starred` when they apply, and the feed's labels.
    static func item(_ article: ArticleSnapshot, directory: GoogleReaderDirectory, into json: inout JSONWriter) {
        let source = directory.source(id: article.sourceID)
        let stored = Int64(article.firstSeen.timeIntervalSince1970 * 1_000_000)
        let link = article.link?.absoluteString ?? ""
        json.object { json in
            json.member("id", ItemID.long(article.number))
            json.member("crawlTimeMsec", quoted: stored / 1_000)
            json.member("timestampUsec", quoted: stored)
            json.member("published", Int64(article.date.timeIntervalSince1970))
            json.member("updated", Int64((article.updated ?? article.date).timeIntervalSince1970))
            json.member("title", article.title)
            json.key("canonical")
            json.array { json in json.object { json in json.member("href", link) } }
            json.key("alternate")
            json.array { json in
                json.object { json in
                    json.member("href", link)
                    json.member("type", "text/html")
                }
            }
            json.key("categories")
            json.array { json in
                for category in categories(article, source: source) { json.string(category) }
            }
            json.key("origin")
            json.object { json in
                json.member("streamId", source.map(directory.streamID) ?? "")
                json.member("title", source?.title ?? "")
                json.member("htmlUrl", (source?.siteLink ?? source?.url)?.absoluteString ?? "")
            }
            json.key("summary")
            json.object { json in json.member("content", article.body?.html ?? "") }
            if let author = article.author, !author.isEmpty { json.member("author", author) }
            if let enclosure = article.enclosure {
                json.key("enclosure")
                json.array { json in
                    json.object { json in
                        json.member("href", enclosure.url.absoluteString)
                        if let type = enclosure.type { json.member("type", type) }
                    }
                }
            }
        }
    }

    /// The states and labels an item carries (no `kept-unread`: FreshRSS marks only what is read).
    static func categories(_ article: ArticleSnapshot, source: Source?) -> [String] {
        var names = [StreamID.readingList.name]
        if article.isRead { names.append(StreamID.read.name) }
        if article.isStarred { names.append(StreamID.starred.name) }
        names += (source?.tags ?? []).map { StreamID.label($0).name }
        return names
    }
}
