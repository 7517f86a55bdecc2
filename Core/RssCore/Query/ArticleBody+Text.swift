public import HTMLText

extension ArticleBody {
    /// The text as blocks (paragraphs, list items, quotes, preformatted lines) and the links it holds,
    /// numbered in order; entities decoded, control characters and escape sequences removed.
    public var text: HTMLDocumentText { HTMLDocumentText(html: html) }

    /// The text as plain lines no wider than `width` columns, each link marked `[n]` where it stands and
    /// listed with its URL at the end: what a terminal, a mail or a pipe can show as is.
    public func plainText(width: Int = 72) -> String {
        text.lines(width: width).joined(separator: "\n")
    }
}
