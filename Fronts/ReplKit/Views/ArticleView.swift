import Foundation
import FrontKit
import HTMLText
import ReduxVM
import RssCore
import TerminalText

/// Prints an article when routing shows a new one: title, source, date, the other sources of its story, link,
/// the body fitted to the width.
final class ArticleView: PropsReceiver {
    private let console: Console
    private(set) var shownID: UUID?
    /// Whether the next articles say which text they show even when it is the feed's (set while `full N`
    /// shows one); the text of a page is always named.
    var namesFeedText = false
    private let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }()

    init(console: Console) {
        self.console = console
    }

    func render(props: ArticleProps) {
        guard let article = props.article else {
            shownID = nil
            return
        }
        guard article.id != shownID else { return }
        shownID = article.id
        console.print(lines(for: article).joined(separator: "\n"))
    }

    func lines(for article: ArticleProps.Article) -> [String] {
        lines(for: article, width: min(console.width, 100), styler: console.styler)
    }

    /// The article as lines of at most `width` columns, styled by `styler` (plain for a pipe).
    func lines(for article: ArticleProps.Article, width: Int, styler: Styler) -> [String] {
        var lines = article.title.wrapped(toWidth: width).map { styler.bold($0) }
        var byline = article.source + " · " + dateFormatter.string(from: article.date)
        if let author = article.author, !author.isEmpty { byline += " · " + author }
        if article.isStarred { byline += " · starred" }
        lines += byline.wrapped(toWidth: width).map { styler.dim($0) }
        if !article.alsoIn.isEmpty {
            lines += ("also in: " + article.alsoIn.joined(separator: ", ")).wrapped(toWidth: width).map { styler.dim($0) }
        }
        if let link = article.link { lines.append(link) }
        if let shown = textLine(article.text) { lines += shown.wrapped(toWidth: width).map { styler.dim($0) } }
        lines.append("")
        lines += article.body.lines(width: width)
        for enclosure in article.enclosures { lines.append("enclosure: " + enclosure) }
        return lines
    }

    /// The line that says which text follows: `full text from example.org, fetched 2025-06-02 10:00`, or
    /// `feed summary` when asked to name the feed's too.
    func textLine(_ text: ArticleProps.TextShown) -> String? {
        switch text {
        case .page(let host, let fetched):
            return "full text from \(host)" + (fetched.map { ", fetched " + dateFormatter.string(from: $0) } ?? "")
        case .feed(let kind):
            guard namesFeedText else { return nil }
            return kind == .feedContent ? "feed content" : "feed summary"
        }
    }
}
