import Foundation
import RssCore

/// One JSON document: `{"generated", "counts", "sources": [...], "articles": [...]}`, keys sorted, dates in
/// ISO 8601 (UTC) and as Unix timestamps, absent values as `null`, so that `jq '.articles[] | .title'` just works.
///
/// The articles come first (keys are sorted), so they are written a page at a time, each page encoded as an
/// array and indented one level deeper; the frame around them is the document with an empty article array,
/// split where that array stands. Together they are byte for byte what encoding the whole document gives.
struct JSONRenderer: ReportRenderer {
    /// Whether each article carries its text (`--full-text`): `content` (HTML), `contentFrom` (`page`,
    /// `feedContent`, `feedSummary`) and, for a page's text, `contentFetched`.
    var includesContent = false

    func articles(_ items: [ReportItem], after previous: Int) -> String {
        guard !items.isEmpty else { return "" }
        // `[\n  {…},\n  {…}\n]` → `    {…},\n    {…}`: the brackets go, every line gains two spaces (but the
        // empty line of an empty array, which the encoder leaves empty at any depth).
        let encoded = Self.encode(items.map { Article(item: $0, includesContent: includesContent) })
        let array = Array(encoded.utf8.dropFirst(2).dropLast(2))
        var output: [UInt8] = Array((previous > 0 ? ",\n  " : "  ").utf8)
        output.reserveCapacity(array.count + array.count / 8)
        for (index, byte) in array.enumerated() {
            output.append(byte)
            if byte == UInt8(ascii: "\n"), index + 1 == array.count || array[index + 1] != UInt8(ascii: "\n") {
                output += [0x20, 0x20]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    func frame(_ summary: ReportSummary) -> (head: String, tail: String) {
        let document = Self.encode(Document(summary))
        guard summary.articleCount > 0,
            let key = document.range(of: "\"articles\" : ["),
            let close = document[key.upperBound...].firstIndex(of: "]")
        else { return (document + "\n", "") }
        return (String(document[..<key.upperBound]) + "\n", "\n  ]" + document[document.index(after: close)...] + "\n")
    }

    /// `value` as pretty-printed JSON with sorted keys and unescaped slashes.
    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding fails only for numbers JSON cannot hold (NaN, infinity), and the document has none: its numbers
        // are counts and finite dates.
        guard let data = try? encoder.encode(value) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The document without its articles: the frame around them.
    struct Document: Encodable {
        let generated: String
        let counts: Counts
        let sources: [SourceEntry]
        let articles: [Article] = []

        init(_ summary: ReportSummary) {
            generated = LocalTime.iso8601(summary.now)
            counts = Counts(
                sources: summary.sources.count, articles: summary.articleCount, new: summary.newCount,
                unread: summary.unreadCount)
            sources = summary.sources.map(SourceEntry.init)
        }
    }

    struct Counts: Encodable {
        let sources: Int
        let articles: Int
        let new: Int
        let unread: Int
    }

    struct SourceEntry: Encodable {
        let source: ReportSource

        enum CodingKeys: String, CodingKey {
            case id, title, url, enabled, status, error, new, unread, lastSuccess, lastError
            case lastFetch, nextDue, nextDueReason, interval, intervalReason, failures
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(source.id.uuidString.lowercased(), forKey: .id)
            try container.encode(source.name, forKey: .title)
            try container.encode(source.url, forKey: .url)
            try container.encode(source.isEnabled, forKey: .enabled)
            try container.encode(StatusWord.json(source.fetch), forKey: .status)
            try container.encode(StatusWord.errorText(source.fetch), forKey: .error)
            try container.encode(source.newCount, forKey: .new)
            try container.encode(source.unreadCount, forKey: .unread)
            try container.encode(source.lastSuccess.map(LocalTime.iso8601), forKey: .lastSuccess)
            try container.encode(source.lastError, forKey: .lastError)
            try source.schedule.encode(into: &container)
        }
    }

    struct Article: Encodable {
        let item: ReportItem
        /// Whether the article's text comes with it (see ``JSONRenderer/includesContent``).
        let includesContent: Bool

        init(item: ReportItem, includesContent: Bool) {
            self.item = item
            self.includesContent = includesContent
        }

        /// The article without its text.
        init(item: ReportItem) {
            self.init(item: item, includesContent: false)
        }

        enum CodingKeys: String, CodingKey {
            case id, sourceId, source, title, link, author, date, timestamp, new, read, starred, alsoIn
            case content, contentFrom, contentFetched
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(item.id.uuidString.lowercased(), forKey: .id)
            try container.encode(item.sourceID.uuidString.lowercased(), forKey: .sourceId)
            try container.encode(item.sourceName, forKey: .source)
            try container.encode(item.title, forKey: .title)
            try container.encode(item.link.isEmpty ? nil : item.link, forKey: .link)
            try container.encode(item.author, forKey: .author)
            try container.encode(LocalTime.iso8601(item.date), forKey: .date)
            try container.encode(Int(item.date.timeIntervalSince1970.rounded(.down)), forKey: .timestamp)
            try container.encode(item.isNew, forKey: .new)
            try container.encode(item.isRead, forKey: .read)
            try container.encode(item.isStarred, forKey: .starred)
            try container.encode(item.alsoIn, forKey: .alsoIn)
            if includesContent {
                try container.encode(item.body?.html ?? "", forKey: .content)
                try container.encode((item.body?.kind ?? .feedSummary).rawValue, forKey: .contentFrom)
                try container.encode(item.body?.pageFetched.map(LocalTime.iso8601), forKey: .contentFetched)
            }
        }
    }
}
