import Foundation
import FrontKit
import RssCore
import TerminalText

/// The plain report: a header line, then one aligned line per article the way sfeed_plain lays them out:
/// new-marker, local date and time, source name cut to a fixed width (with "+N" when N other sources carry the
/// story, which the report prints once), title cut to fit with an ellipsis, link.
struct PlainRenderer: ReportRenderer {
    /// Columns of the source name.
    static let sourceWidth = 15
    /// Columns of the title when the output's width is unknown (sfeed_plain's width).
    static let defaultTitleWidth = 70
    /// The narrowest title column.
    static let minimumTitleWidth = 20
    /// Columns before the title: marker (2), date (16), gap (2), source, gap (2).
    static let prefixWidth = 2 + 16 + 2 + sourceWidth + 2

    /// The output's width in columns, when known (a terminal, or `COLUMNS`).
    var width: Int?
    /// Styles on a terminal, plain otherwise.
    var styler: Styler
    var calendar: Calendar
    /// The widest link of the report in columns, up to ``widestLinkShown`` (only read when ``width`` is
    /// known).
    var widestLink = 0

    /// Links wider than this do not narrow the title column further.
    static let widestLinkShown = 50
    /// Whether each article's text follows its line (`--full-text`): which text it is, then the text itself,
    /// indented, wrapped to the width (72 columns when it is unknown).
    var showsText = false
    /// Columns the text of an article is indented by.
    static let textIndent = 4

    func articles(_ items: [ReportItem], after previous: Int) -> String {
        let titleWidth = self.titleWidth
        var output = ""
        for item in items {
            output += line(item, titleWidth: titleWidth) + "\n"
            if showsText { output += text(of: item) }
        }
        return output
    }

    /// An article's text under its line: `full text from HOST, fetched DATE` (or `feed content`, `feed
    /// summary`), the text, and a blank line.
    func text(of item: ReportItem) -> String {
        let indent = String(repeating: " ", count: Self.textIndent)
        guard let body = item.body else { return "" }
        var lines = [styler.dim(indent + Self.textName(body, link: item.link, calendar: calendar))]
        let wrapped = body.plainText(width: max(20, (width ?? 76) - Self.textIndent))
        lines += wrapped.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.isEmpty ? "" : indent + $0
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// Which text `body` is, as the report names it.
    static func textName(_ body: ArticleBody, link: String, calendar: Calendar) -> String {
        TextOrigin.phrase(body, link: URL(string: link)) { LocalTime.minutesWithZone($0, calendar: calendar) }
    }

    /// The header line, and a blank line before the articles when there are any.
    func frame(_ summary: ReportSummary) -> (head: String, tail: String) {
        (header(summary) + (summary.articleCount == 0 ? "\n" : "\n\n"), "")
    }

    func header(_ summary: ReportSummary) -> String {
        let sources = summary.sources.count
        let articles = summary.articleCount
        let text =
            "rss-report \(LocalTime.minutesWithZone(summary.now, calendar: calendar)): "
            + "\(sources) source\(sources == 1 ? "" : "s"), \(articles) article\(articles == 1 ? "" : "s"), "
            + "\(summary.newCount) new, \(summary.unreadCount) unread"
        return styler.bold(text)
    }

    func line(_ item: ReportItem, titleWidth: Int) -> String {
        let marker = item.isNew ? styler.bold("N") + " " : "  "
        let date = LocalTime.minutes(item.date, calendar: calendar)
        // A story other sources carry too: "+N" after its source, kept when the name is cut.
        let more = item.alsoIn.isEmpty ? "" : " +\(item.alsoIn.count)"
        let source = (item.sourceName.truncated(toWidth: Self.sourceWidth - more.count) + more)
            .fitted(toWidth: Self.sourceWidth)
        let title = item.title.fitted(toWidth: titleWidth)
        let styledTitle = item.isRead ? styler.dim(title) : title
        return "\(marker)\(date)  \(source)  \(styledTitle) \(item.link)"
    }

    /// sfeed_plain's 70 columns, or what fits the known width with links up to 50 columns wide.
    var titleWidth: Int {
        guard let width else { return Self.defaultTitleWidth }
        let links = min(Self.widestLinkShown, widestLink)
        return min(Self.defaultTitleWidth, max(Self.minimumTitleWidth, width - Self.prefixWidth - 1 - links))
    }
}
