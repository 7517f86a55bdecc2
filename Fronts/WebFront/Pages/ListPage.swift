import Foundation
import RssCore

/// A page of a list: the articles (title, source, date, marks, and forms to mark each), links to newer and
/// older pages, and "mark all read" for what the list holds up to the newest article the page was made with.
struct ListPage: Sendable {
    /// One article's line.
    struct Row: Sendable {
        let article: ArticleSnapshot
        let sourceTitle: String
    }

    let frame: PageFrame
    let selection: ListSelection
    /// The list's name (``ListSelection/title(in:)``).
    let heading: String
    let rows: [Row]
    /// Where the newer page starts (nil on the first page).
    let newer: String?
    /// Where the older page starts (nil on the last).
    let older: String?
    /// The highest article number when the page was made: "mark all read" reaches no further.
    let seenUpTo: Int64?
    let dates: DateText

    var html: HTML {
        let items = rows.map(row)
        let empty: HTML = rows.isEmpty ? "<p class=\"notice\">No articles here.</p>" : .empty
        return frame.page("""
            <h1>\(heading)</h1>
            \(actions)
            \(empty)<ol class="articles">\(each: items)</ol>
            \(pages)
            """)
    }

    private var actions: HTML {
        var order = selection
        order.oldestFirst.toggle()
        let orderText: HTML = selection.oldestFirst ? "Newest first" : "Oldest first"
        let markAll: HTML = seenUpTo.map { upTo in
            """
            <form method="post" action="\(WebLink(path: WebPath.markAll, query: selection.contextParameters))">
            <input type="hidden" name="csrf" value="\(frame.csrf)">
            <input type="hidden" name="upto" value="\(upTo)">
            <button type="submit">Mark all read</button>
            </form>
            """
        } ?? .empty
        return """
            <div class="actions">
            <a class="button" href="\(order.link)">\(orderText)</a>
            \(markAll)
            <form method="post" action="\(WebLink(path: WebPath.refresh, query: selection.contextParameters))" data-key="r">
            <input type="hidden" name="csrf" value="\(frame.csrf)">
            <button type="submit">Refresh</button>
            </form>
            </div>
            """
    }

    private func row(_ row: Row) -> HTML {
        let article = row.article
        let link = WebLink(path: WebPath.article(article.number), query: selection.contextParameters)
        let original: HTML = article.link.flatMap(WebLink.init(external:)).map {
            "<a href=\"\($0)\" rel=\"noopener noreferrer\" target=\"_blank\" data-key=\"v\">Original</a>"
        } ?? .empty
        let classes: HTML = article.isRead ? " class=\"read\"" : ""
        let star: HTML = article.isStarred ? " <span class=\"star\" aria-label=\"starred\">★</span>" : .empty
        return """
            <li\(classes)>
            <div class="headline"><a class="title" href="\(link)">\(TitleText.shown(article.title, limit: TitleText.listLength))</a>\(star)
            <div class="meta">\(row.sourceTitle) · <time datetime="\(dates.machine(article.date))">\(dates.short(article.date))</time></div></div>
            <div class="actions">
            \(MarkForm.read(article, csrf: frame.csrf, back: selection.link))
            \(MarkForm.star(article, csrf: frame.csrf, back: selection.link))
            \(original)
            </div>
            </li>
            """
    }

    private var pages: HTML {
        let newerLink: HTML = newer.map {
            "<a rel=\"prev\" href=\"\(WebLink(path: WebPath.list(selection.marks), query: selection.parameters + [("newer", $0)]))\">Newer</a>"
        } ?? "<span></span>"
        let olderLink: HTML = older.map {
            "<a rel=\"next\" href=\"\(WebLink(path: WebPath.list(selection.marks), query: selection.parameters + [("older", $0)]))\">Older</a>"
        } ?? "<span></span>"
        return "<nav class=\"pages\" aria-label=\"Pages\">\(newerLink)\(olderLink)</nav>"
    }
}
