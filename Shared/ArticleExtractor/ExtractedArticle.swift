public import Foundation

/// The main content of a web page and what its metadata says about it.
///
/// Every string is free of control characters (C0 and C1, except line feeds and tabs in ``text``), so no
/// part of a page can move a terminal's cursor or change its state when printed.
public struct ExtractedArticle: Sendable, Hashable {
    /// The article's title: from its structured data or Open Graph tags, else the page's `<title>` without the
    /// site's name.
    public var title: String?
    /// The author or authors, as the page names them ("Ada Lovelace, Charles Babbage").
    public var author: String?
    /// When the article was published, if the page says.
    public var published: Date?
    /// The image the page offers for previews (Open Graph, JSON-LD), as an absolute address.
    public var leadImage: URL?
    /// The site's name ("The Guardian").
    public var siteName: String?
    /// The page's own summary of the article, else the article's first paragraph.
    public var excerpt: String?
    /// The language the page declares (`<html lang>`), as written ("en-GB").
    public var language: String?
    /// The article as safe HTML: structural elements only (paragraphs, headings, lists, quotes, code, tables,
    /// figures, images, links, emphasis), with only `href`, `src`, `alt` and `title` attributes, every address
    /// absolute and none of them `javascript:`.
    public var contentHTML: String
    /// The article as plain text: blocks separated by a blank line, list items and table rows on lines of their
    /// own, a table's cells separated by tabs.
    public var text: String
    /// The charset the page was read in ("utf-8", "windows-1252", "shift_jis").
    public var charset: String

    /// An article; extractors make these, tests compare them.
    public init(
        title: String? = nil, author: String? = nil, published: Date? = nil, leadImage: URL? = nil,
        siteName: String? = nil, excerpt: String? = nil, language: String? = nil, contentHTML: String,
        text: String, charset: String = "utf-8"
    ) {
        self.title = title
        self.author = author
        self.published = published
        self.leadImage = leadImage
        self.siteName = siteName
        self.excerpt = excerpt
        self.language = language
        self.contentHTML = contentHTML
        self.text = text
        self.charset = charset
    }
}
