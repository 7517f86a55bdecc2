import Foundation
import RssCore
import TerminalText

/// The plain report: a header line, then one aligned line per article the way sfeed_plain lays them out:
/// new-marker, local date and time, source name cut to a fixed width, title cut to fit with an ellipsis, link.
struct PlainRenderer {
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

    func render(_ report: Report) -> String {
        var output = header(report) + "\n"
        guard !report.items.isEmpty else { return output }
        output += "\n"
        let titleWidth = self.titleWidth(for: report.items)
        for item in report.items {
            output += line(item, titleWidth: titleWidth) + "\n"
        }
        return output
    }

    func header(_ report: Report) -> String {
        let sources = report.sources.count
        let articles = report.items.count
        let text =
            "rss-report \(LocalTime.minutesWithZone(report.now, calendar: calendar)): "
            + "\(sources) source\(sources == 1 ? "" : "s"), \(articles) article\(articles == 1 ? "" : "s"), "
            + "\(report.newCount) new, \(report.unreadCount) unread"
        return styler.bold(text)
    }

    func line(_ item: ReportItem, titleWidth: Int) -> String {
        let marker = item.isNew ? styler.bold("N") + " " : "  "
        let date = LocalTime.minutes(item.date, calendar: calendar)
        let source = item.sourceName.fitted(toWidth: Self.sourceWidth)
        let title = item.title.fitted(toWidth: titleWidth)
        let styledTitle = item.isRead ? styler.dim(title) : title
        return "\(marker)\(date)  \(source)  \(styledTitle) \(item.link)"
    }

    /// sfeed_plain's 70 columns, or what fits the known width with links up to 50 columns wide.
    func titleWidth(for items: [ReportItem]) -> Int {
        guard let width else { return Self.defaultTitleWidth }
        let links = min(50, items.map(\.link.displayWidth).max() ?? 0)
        return min(Self.defaultTitleWidth, max(Self.minimumTitleWidth, width - Self.prefixWidth - 1 - links))
    }
}
