import RssCore

/// The forms that change an article's marks: each a button, posted with the page's anti-forgery token and
/// the page to come back to. The script sends them in the background (class `mark`); without it they post
/// and the server sends the browser back.
enum MarkForm {
    /// Mark read or unread, whichever the article is not (key `m`).
    static func read(_ article: ArticleSnapshot, csrf: String, back: WebLink) -> HTML {
        form(article.number, action: article.isRead ? "unread" : "read", label: article.isRead ? "Mark unread" : "Mark read",
             key: "m", pressed: nil, csrf: csrf, back: back)
    }

    /// Star or unstar (key `s`).
    static func star(_ article: ArticleSnapshot, csrf: String, back: WebLink) -> HTML {
        form(article.number, action: article.isStarred ? "unstar" : "star", label: article.isStarred ? "Unstar" : "Star",
             key: "s", pressed: article.isStarred, csrf: csrf, back: back)
    }

    private static func form(
        _ number: Int64, action: String, label: String, key: String, pressed: Bool?, csrf: String, back: WebLink
    ) -> HTML {
        let pressedAttribute: HTML = pressed.map { $0 ? " aria-pressed=\"true\"" : " aria-pressed=\"false\"" } ?? .empty
        return """
            <form class="mark inline" method="post" action="\(WebLink(path: WebPath.mark(number)))" data-key="\(key)">\
            <input type="hidden" name="csrf" value="\(csrf)">\
            <input type="hidden" name="action" value="\(action)">\
            <input type="hidden" name="back" value="\(back.text)">\
            <button type="submit"\(pressedAttribute)>\(label)</button></form>
            """
    }
}
