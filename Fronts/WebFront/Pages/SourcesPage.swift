import Foundation
import FrontKit
import RssCore

/// The library's sources: a form to add one (a feed's or a site's address), OPML import and export, and each
/// source with its tags, unread articles and how its fetches go.
struct SourcesPage: Sendable {
    let frame: PageFrame
    let sources: [Source]
    let state: RssState
    let dates: DateText
    /// What the last form did, or why not.
    let notice: String?
    let problem: String?

    var html: HTML {
        let rows = sources.map(row)
        return frame.page("""
            <h1>Sources</h1>
            \(NoticeLines.html(notice: notice, problem: problem))
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.addSource))">
            \(FormField.csrf(frame.csrf))
            <label>Feed or site address <input name="address" type="url" required placeholder="https://example.org/" inputmode="url"></label>
            <label>Tags (comma-separated) <input name="tags"></label>
            <button class="primary" type="submit">Add</button>
            </form>
            <h2>OPML</h2>
            <form class="stacked" method="post" action="\(WebLink(path: WebPath.importOPML))" enctype="multipart/form-data">
            \(FormField.csrf(frame.csrf))
            <label>An OPML file to import <input name="opml" type="file" accept=".opml,.xml,text/x-opml,application/xml" required></label>
            <button type="submit">Import</button>
            </form>
            <p><a href="\(WebLink(path: WebPath.exportOPML))" download>Export the sources as OPML</a></p>
            <h2>\(sources.count) \(sources.count == 1 ? "source" : "sources")</h2>
            <table class="plain">
            <thead><tr><th scope="col">Source</th><th scope="col">Tags</th><th scope="col">Unread</th><th scope="col">Last fetch</th><th scope="col">Status</th></tr></thead>
            <tbody>\(each: rows)</tbody>
            </table>
            """)
    }

    private func row(_ source: Source) -> HTML {
        let summary = ScheduleSummary(source, in: state)
        let unread = state.counts.unreadBySource[source.id] ?? 0
        return """
            <tr><td>\(SourceIcon.html(source))<a href="\(WebLink(path: WebPath.source(source.id)))">\(source.title)</a></td>
            <td>\(source.tags.joined(separator: ", "))</td><td>\(unread)</td>
            <td>\(summary.lastFetch.map(dates.long) ?? "never")</td><td>\(SourceStatusText.short(source))</td></tr>
            """
    }
}

/// How a source's fetches go, in the REPL's words.
enum SourceStatusText {
    /// `ok`, `disabled`, or `3 failures: timed out`.
    static func short(_ source: Source) -> String {
        if !source.isEnabled { return "disabled" }
        let failures = source.status.consecutiveFailures
        guard failures > 0 else { return source.status.lastAttempt == nil ? "not fetched yet" : "ok" }
        let reason = source.status.lastError.map(ProblemText.fetchReason) ?? "failed"
        return "\(failures) \(failures == 1 ? "failure" : "failures"): \(reason)"
    }
}
