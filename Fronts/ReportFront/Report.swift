import Foundation
import FrontKit
import RssCore
import TerminalText

/// A whole report in memory: the summary and every article. A run never holds one (it writes the articles a
/// page at a time, see ``ReportWriter``); tests and ``ReportRenderer/render(_:)`` do.
struct Report: Sendable, Equatable {
    /// When the report was made.
    var now: Date
    /// The sources the report covers, in display order.
    var sources: [ReportSource]
    /// The articles, in report order.
    var items: [ReportItem]
    /// Articles stored in this run across the report's sources (whether shown or not).
    var newCount: Int
    /// Unread articles across the report's sources, before `--mark-read`.
    var unreadCount: Int

    /// Everything but the articles themselves.
    var summary: ReportSummary {
        ReportSummary(now: now, sources: sources, articleCount: items.count, newCount: newCount, unreadCount: unreadCount)
    }
}

/// What a report says besides its articles: known once every article has been read.
struct ReportSummary: Sendable, Equatable {
    /// When the report was made.
    var now: Date
    /// The sources the report covers, in display order.
    var sources: [ReportSource]
    /// How many articles the report shows.
    var articleCount: Int
    /// Articles stored in this run across the report's sources (whether shown or not).
    var newCount: Int
    /// Unread articles across the report's sources, before `--mark-read`.
    var unreadCount: Int
}

/// A format, written a part at a time: the articles as their pages are read, then the frame around them
/// (a header, counts, the sources) once the whole report is known.
protocol ReportRenderer: Sendable {
    /// The text of `items`, the next articles of the report, which has `previous` articles before them.
    func articles(_ items: [ReportItem], after previous: Int) -> String
    /// What comes before the articles and what comes after them.
    func frame(_ summary: ReportSummary) -> (head: String, tail: String)
}

extension ReportRenderer {
    /// The whole report at once: what a run writes, part by part, for the same report.
    func render(_ report: Report) -> String {
        let frame = frame(report.summary)
        return frame.head + articles(report.items, after: 0) + frame.tail
    }
}

/// One source of the report, with how this run's fetch went.
struct ReportSource: Sendable, Equatable {
    var id: UUID
    /// The title, sanitised to one line.
    var name: String
    /// The feed's address, without credentials.
    var url: String
    var isEnabled: Bool
    /// The fetch of this run, nil when the source was not fetched.
    var fetch: SourceFetchReport.Result?
    /// Articles stored by this run's fetch.
    var newCount: Int
    var unreadCount: Int
    /// When the source was last fetched successfully, by any run or front.
    var lastSuccess: Date?
    /// Its last fetch error, sanitised, until a fetch succeeds again.
    var lastError: String?
    /// When it is due, and why.
    var schedule: ScheduleSummary
}

/// One article of the report.
struct ReportItem: Sendable, Equatable {
    var id: UUID
    /// The item's own id in its feed.
    var itemID: String
    var sourceID: UUID
    /// The source's name, sanitised.
    var sourceName: String
    /// The title, sanitised to one line.
    var title: String
    /// The link, sanitised, or "".
    var link: String
    /// The author, sanitised, if any.
    var author: String?
    var date: Date
    /// Stored by this run's fetch.
    var isNew: Bool
    var isRead: Bool
    var isStarred: Bool
    /// The article's HTML, when the format shows it (untrusted: renderers escape it for their format).
    var contentHTML: String?
    /// The first enclosure's address, sanitised, or "".
    var enclosure: String
    /// The categories, each sanitised to one line.
    var categories: [String]
    /// The names of the other sources that carry the same story (sanitised), which the report prints once.
    var alsoIn: [String] = []
    /// The article's text, when it was read: which text it is and its plain form (`--full-text` shows them).
    var body: ArticleBody?
}

extension ReportItem {
    /// The report's view of an article.
    init(_ article: ArticleSnapshot, sourceName: String, isNew: Bool, alsoIn: [String] = []) {
        self.init(
            id: article.id, itemID: Text.line(article.itemID), sourceID: article.sourceID, sourceName: sourceName,
            title: Text.line(article.title), link: Self.link(of: article),
            author: article.author.map(Text.line).flatMap { $0.isEmpty ? nil : $0 },
            date: article.date, isNew: isNew, isRead: article.isRead, isStarred: article.isStarred,
            contentHTML: article.body.map(\.html).flatMap { $0.isEmpty ? nil : $0 },
            enclosure: Text.line(article.enclosure?.url.absoluteString ?? ""),
            categories: article.categories.map(Text.line).filter { !$0.isEmpty }, alsoIn: alsoIn,
            body: article.body)
    }

    /// The link the report shows for `article`, sanitised, or "".
    static func link(of article: ArticleSnapshot) -> String {
        Text.line(article.link?.absoluteString ?? "")
    }
}

/// Untrusted feed text made safe for one line of output.
enum Text {
    /// Control characters and escape sequences removed, line breaks and tabs made spaces, runs of spaces
    /// squeezed, ends trimmed.
    static func line(_ text: String) -> String {
        if isAlreadyLine(text) { return text }
        let clean = TerminalSanitizer.sanitize(text, lineBreaks: .space, tabs: .space)
        return clean.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

extension Text {
    /// Printable ASCII with single spaces inside and none at the ends: most titles and every link, which a
    /// report of thousands of rows then passes through without copying.
    static func isAlreadyLine(_ text: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, !(byte == 0x20 && previous == 0x20) else { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }
}
