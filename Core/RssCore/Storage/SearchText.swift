import FeedParser
import GRDB

/// The words the search index holds for an article: its summary and content with the markup taken out, so that
/// searching "div" or "href" finds articles about them, not every article with a link.
///
/// It is also an SQL function (`rss_search_text_v1`) that the index's content view and its delete trigger call:
/// FTS5 needs the very text it indexed to remove a row, so the function must never change its output. A better
/// extraction is a new function (`_v2`) with a migration that rebuilds the index. `SearchTextTests` holds the
/// output of the first implementation for tricky markup, so that a faster one is checked against it.
enum SearchText {
    /// The SQL name; the version is part of it (see above).
    static let functionName = "rss_search_text_v1"

    /// `rss_search_text_v1(summary, contentHTML)`: the plain text of both, separated by a space (none beside a
    /// NULL or a part with no text).
    ///
    /// It runs for every article a refresh stores, so the markup is taken out of both parts at the byte level
    /// into one buffer: one string is made for the result, and none per tag.
    static let function = DatabaseFunction(functionName, argumentCount: 2, pure: true) { values in text(of: values) }

    /// `rss_search_text_v1(summary, contentHTML, fullTextHTML)`: the same with the article's full text as a third
    /// part (``FeedSchema/searchBody(_:)``). A NULL part adds nothing, so with no full text it gives exactly what
    /// the two-part form gives, and the index needed no rebuild when the full text came.
    static let fullTextFunction = DatabaseFunction(functionName, argumentCount: 3, pure: true) { values in
        text(of: values)
    }

    /// The plain text of every part, separated by a space (none beside a NULL or a part with no text).
    private static func text(of values: [DatabaseValue]) -> String {
        var out: [UInt8] = []
        for value in values {
            guard var part = String.fromDatabaseValue(value) else { continue }
            let start = out.count
            if start > 0 { out.append(UInt8(ascii: " ")) }
            let textStart = out.count
            part.withUTF8 { Markup.appendText(of: $0, to: &out) }
            if out.count == textStart { out.removeSubrange(start...) }
        }
        return decodingReferences(out)
    }

    /// The text of an HTML fragment: tags, comments and the contents of `script` and `style` dropped, character
    /// references decoded. Inline tags (`a`, `em`, …) vanish as they do on screen (`<a>word</a>.` stays
    /// "word."); any other tag becomes a space, so that words of two paragraphs stay apart. Never fails: broken
    /// markup is read as far as it goes, and an unclosed `<` ends the text.
    static func plain(html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) || html.utf8.contains(UInt8(ascii: "&")) else { return html }
        var html = html
        var out: [UInt8] = []
        html.withUTF8 { Markup.appendText(of: $0, to: &out) }
        return decodingReferences(out)
    }

    /// `bytes` as a string, with character references decoded. References are decoded after the markup is
    /// gone, so that an escaped tag (`&lt;b&gt;`) stays as text.
    private static func decodingReferences(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(text) : text
    }
}
