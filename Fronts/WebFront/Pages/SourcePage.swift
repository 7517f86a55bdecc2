import Foundation
import FrontKit
import RssCore

/// One source: its addresses, how its fetches go (the last, the next and why, its interval and what set it, its
/// failures and the last problem), and the forms that change it: name, tags, enabled, full text, interval,
/// fetch now, remove.
struct SourcePage: Sendable {
    let frame: PageFrame
    let source: Source
    let summary: ScheduleSummary
    let unread: Int
    let dates: DateText
    let notice: String?
    let problem: String?

    var html: HTML {
        let path = WebPath.source(source.id)
        let site: HTML = source.siteLink.flatMap(WebLink.init(external:)).map {
            "<dt>Site</dt><dd><a href=\"\($0)\" rel=\"noopener noreferrer\" target=\"_blank\">\($0.text)</a></dd>"
        } ?? .empty
        let due: String = switch summary.due {
        case nil: "never (disabled)"
        case .distantPast?: "at the next refresh"
        case let date?: dates.long(date)
        }
        let lastProblem: HTML = source.status.lastError.map { "<dt>Last problem</dt><dd>\(ProblemText.fetch($0))</dd>" } ?? .empty
        var list = ListSelection(marks: .unread)
        list.source = source.id
        return frame.page("""
            <h1>\(SourceIcon.html(source))\(source.title)</h1>
            \(NoticeLines.html(notice: notice, problem: problem))
            <p><a href="\(list.link)">\(unread) unread</a> · <a href="\(list.with(marks: .all).link)">all articles</a></p>
            <dl class="facts">
            <dt>Feed</dt><dd>\(source.url.absoluteString)</dd>\(site)
            <dt>Tags</dt><dd>\(source.tags.isEmpty ? "none" : source.tags.joined(separator: ", "))</dd>
            <dt>Status</dt><dd>\(SourceStatusText.short(source))</dd>
            <dt>Last fetch</dt><dd>\(summary.lastFetch.map(dates.long) ?? "never")</dd>
            <dt>Next fetch</dt><dd>\(due) (\(summary.dueReason))</dd>
            <dt>Interval</dt><dd>\(ScheduleText.interval(summary.interval)) (\(summary.intervalReason))</dd>
            <dt>Failures in a row</dt><dd>\(summary.failures)</dd>\(lastProblem)
            <dt>Full text</dt><dd>\(source.isFullText ? "fetched for each new article" : "off")</dd>
            </dl>
            <div class="actions">
            \(FormField.button("Fetch now", to: path, csrf: frame.csrf, fields: [("do", "refresh")]))
            \(FormField.button(source.isEnabled ? "Disable" : "Enable", to: path, csrf: frame.csrf, fields: [("do", source.isEnabled ? "disable" : "enable")]))
            \(FormField.button(source.isFullText ? "Full text off" : "Full text on", to: path, csrf: frame.csrf, fields: [("do", source.isFullText ? "fulltext-off" : "fulltext-on")]))
            </div>
            <form class="stacked" method="post" action="\(WebLink(path: path))">\(FormField.csrf(frame.csrf))\(FormField.hidden("do", "rename"))
            <label>Name (empty: the feed's own) <input name="title" value="\(source.title)" maxlength="500"></label>
            <button type="submit">Rename</button></form>
            <form class="stacked" method="post" action="\(WebLink(path: path))">\(FormField.csrf(frame.csrf))\(FormField.hidden("do", "tags"))
            <label>Tags (comma-separated) <input name="tags" value="\(source.tags.joined(separator: ", "))"></label>
            <button type="submit">Set the tags</button></form>
            <form class="stacked" method="post" action="\(WebLink(path: path))">\(FormField.csrf(frame.csrf))\(FormField.hidden("do", "interval"))
            <label>Its own interval (30m, 2h, 1d; empty or default: the library's) <input name="interval" placeholder="default"></label>
            <button type="submit">Set the interval</button></form>
            <h2>Remove</h2>
            <p>Removing the source removes its articles, starred ones included.</p>
            \(FormField.button("Remove \(source.title)", to: path, csrf: frame.csrf, fields: [("do", "remove")]))
            """)
    }
}
