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
        /// Text that is sometimes HTML (RSS, Dublin Core, Media RSS): references are decoded; tags are removed
        /// only from a title that is unambiguously markup (an HTML element opened and closed in it, or a
        /// comment), and then only those that are surely HTML. So `<b>Breaking:</b> news` loses its tags, while
        /// `Use <br> or <hr>?`, `The <img> element`, `Type <b> for bold`, `a < b` and `Vector<T>` stay as written.
        case looseHTML
        /// Plain text in which publishers still escape characters as HTML does (JSON Feed, whose titles are
        /// plain text by its specification, yet often come out of HTML templates as `It&#8217;s`): references
        /// are decoded, every `<` stays.
        case escapedText
    }

    /// A title as the feed gives it, with what it is; the identity hash reads the text, readers the plain text.
    typealias Given = (text: String, markup: Markup)

    /// The plain text of `title`, with whitespace collapsed; `nil` when nothing is left.
    static func plain(_ title: String, _ markup: Markup) -> String? {
        var text = title
        switch markup {
        case .text: break
        case .html: text = HTMLEntities.decode(HTMLTagStripper.strip(text, onlyKnownTags: false))
        case .looseHTML:
            let markup = HTMLTagStripper.isMarkup(text)
            text = HTMLEntities.decode(markup ? HTMLTagStripper.strip(text, onlyKnownTags: true) : text)
        case .escapedText: text = HTMLEntities.decode(text)
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
