/// Turns a title as a feed gives it into the plain text ``FeedItem/title`` and ``ParsedFeed/title`` promise:
/// a reader lists titles as text, where `<b>Slack</b>` or `&amp;` would show as written.
enum TitleText {
    /// What the given title is, which decides how much of it is markup.
    enum Markup {
        /// Plain text already (Atom `type="text"`): only whitespace is collapsed.
        case text
        /// HTML for certain (Atom `html` and `xhtml`, markup inline in the element): every tag is removed and
        /// references are decoded.
        case html
        /// Text that is sometimes HTML (RSS, JSON Feed, Dublin Core): references are decoded, but only tags
        /// that are surely HTML are removed, so that `a < b` and `Vector<T>` stay as written.
        case looseHTML
    }

    /// A title as the feed gives it, with what it is; the identity hash reads the text, readers the plain text.
    typealias Given = (text: String, markup: Markup)

    /// The plain text of `title`, with whitespace collapsed; `nil` when nothing is left.
    static func plain(_ title: String, _ markup: Markup) -> String? {
        var text = title
        switch markup {
        case .text: break
        case .html: text = HTMLEntities.decode(HTMLTagStripper.strip(text, onlyKnownTags: false))
        case .looseHTML: text = HTMLEntities.decode(HTMLTagStripper.strip(text, onlyKnownTags: true))
        }
        let collapsed = collapsingWhitespace(text)
        return collapsed.isEmpty ? nil : collapsed
    }

    /// Runs of ASCII whitespace (the layout of the source) become one space, trimmed at both ends. Other
    /// spaces are kept: a no-break space (`&nbsp;`) or a thin space in a title was put there on purpose.
    static func collapsingWhitespace(_ text: String) -> String {
        ASCIIText.collapsing(text) { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D || $0 == 0x0C }
    }
}
