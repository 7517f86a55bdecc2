import Foundation
import RssCore

/// One JSON document: `{"generated", "counts", "sources": [...], "articles": [...]}`, keys sorted, dates in
/// ISO 8601 (UTC) and as Unix timestamps, absent values as `null`, so that `jq '.articles[] | .title'` just works.
struct JSONRenderer {
    func render(_ report: Report) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding fails only for numbers JSON cannot hold (NaN, infinity), and the document has none: its numbers
        // are counts and finite dates.
        guard let data = try? encoder.encode(Document(report)), let text = String(data: data, encoding: .utf8) else {
            return "{}\n"
        }
        return text + "\n"
    }

    struct Document: Encodable {
        let generated: String
        let counts: Counts
        let sources: [SourceEntry]
        let articles: [Article]

        init(_ report: Report) {
            generated = LocalTime.iso8601(report.now)
            counts = Counts(
                sources: report.sources.count, articles: report.items.count, new: report.newCount,
                unread: report.unreadCount)
            sources = report.sources.map(SourceEntry.init)
            articles = report.items.map(Article.init)
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

        enum CodingKeys: String, CodingKey {
            case id, sourceId, source, title, link, author, date, timestamp, new, read, starred
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
        }
    }
}
