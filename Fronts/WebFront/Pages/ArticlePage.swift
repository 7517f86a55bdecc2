import Foundation
import FrontKit
import RssCore

/// An article's page: its title, source, date and author, which text it is, the text itself (safe HTML only),
/// the other sources of its story, its enclosure, the actions on it, and the articles before and after it in
/// the list it was opened from.
struct ArticlePage: Sendable {
    let frame: PageFrame
    let article: ArticleSnapshot
    let sourceTitle: String
    /// The other sources carrying the same story.
    let alsoIn: [String]
    /// The text, made safe (``/ArticleExtractor/ArticleExtractor/safeHTML(fragment:baseURL:options:)``).
    let body: HTML
    /// Which text it is, in the fronts' words.
    let origin: String?
    /// The problem of the last full-text fetch asked from this page, in the fronts' words.
    let problem: String?
    /// The list it was opened from, and the articles around it there.
    let selection: ListSelection
    let previous: Int64?
    let next: Int64?
    let dates: DateText

    var html: HTML {
        // Back here after a form, its marks kept as the form left them (``ArticleRoute/keepsMarks``).
        let back = WebLink(path: WebPath.article(article.number), query: selection.contextParameters + [(ArticleRoute.keepsMarks, "1")])
        let author: HTML = article.author.map { " · \($0)" } ?? .empty
        let alsoInLine: HTML = alsoIn.isEmpty ? .empty : "<p class=\"meta\">Also in \(alsoIn.joined(separator: ", "))</p>"
        let originLine: HTML = origin.map { "<p class=\"origin\">\($0)</p>" } ?? .empty
        let original: HTML = article.link.flatMap(WebLink.init(external:)).map {
            "<a class=\"button\" href=\"\($0)\" rel=\"noopener noreferrer\" target=\"_blank\" data-key=\"v\">Open the original</a>"
        } ?? .empty
        let fullText: HTML = article.link == nil ? .empty : """
            <form class="inline" method="post" action="\(WebLink(path: WebPath.mark(article.number)))" data-key="f">\
            <input type="hidden" name="csrf" value="\(frame.csrf)">\
            <input type="hidden" name="action" value="fulltext">\
            <input type="hidden" name="back" value="\(back.text)">\
            <button type="submit">Fetch the full text</button></form>
            """
        let enclosure: HTML = article.enclosure.flatMap { WebLink(external: $0.url) }.map {
            "<p><a href=\"\($0)\" rel=\"noopener noreferrer\">Enclosure\(article.enclosure?.type.map { " (\($0))" } ?? "")</a></p>"
        } ?? .empty
        let classes: HTML = article.isRead ? "reading read" : "reading"
        return frame.page("""
            <article class="\(classes)" aria-labelledby="article-title">
            <h1 id="article-title">\(TitleText.shown(article.title, limit: TitleText.pageLength))</h1>
            <p class="meta">\(sourceTitle) · <time datetime="\(dates.machine(article.date))">\(dates.long(article.date))</time>\(author)</p>
            \(alsoInLine)
            <div class="actions">
            \(MarkForm.read(article, csrf: frame.csrf, back: back))
            \(MarkForm.star(article, csrf: frame.csrf, back: back))
            \(fullText)
            \(original)
            </div>
            <p id="status" class="visually-hidden" role="status"></p>
            \(NoticeLines.html(notice: nil, problem: problem))\(originLine)
            <div class="body">\(body)</div>
            \(enclosure)
            </article>
            \(neighbours)
            """)
    }

    private var neighbours: HTML {
        let previousLink: HTML = previous.map {
            "<a rel=\"prev\" data-key=\"k\" href=\"\(WebLink(path: WebPath.article($0), query: selection.contextParameters))\">Previous</a>"
        } ?? "<span></span>"
        let nextLink: HTML = next.map {
            "<a rel=\"next\" data-key=\"j\" href=\"\(WebLink(path: WebPath.article($0), query: selection.contextParameters))\">Next</a>"
        } ?? "<span></span>"
        return """
            <nav class="neighbours" aria-label="Articles">\(previousLink)\
            <a href="\(selection.link)">Back to \(selection.marks.title.lowercased())</a>\(nextLink)</nav>
            """
    }
}
