import FeedParser
import GRDB

/// The words the search index holds for an article: its summary and content with the markup taken out, so that
/// searching "div" or "href" finds articles about them, not every article with a link.
///
/// It is also an SQL function (`rss_search_text_v1`) that the index's content view and its delete trigger call:
/// FTS5 needs the very text it indexed to remove a row, so the function must never change its output. A better
/// extraction is a new function (`_v2`) with a migration that rebuilds the index.
enum SearchText {
    /// The SQL name; the version is part of it (see above).
    static let functionName = "rss_search_text_v1"

    /// `rss_search_text_v1(summary, contentHTML)`: the plain text of both, separated by a space.
    static let function = DatabaseFunction(functionName, argumentCount: 2, pure: true) { values in
        let parts = values.compactMap { String.fromDatabaseValue($0) }.map(plain(html:))
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The text of an HTML fragment: tags, comments and the contents of `script` and `style` dropped, character
    /// references decoded. Inline tags (`a`, `em`, …) vanish as they do on screen (`<a>word</a>.` stays
    /// "word."); any other tag becomes a space, so that words of two paragraphs stay apart. Never fails: broken
    /// markup is read as far as it goes, and an unclosed `<` ends the text.
    static func plain(html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "<")) || html.utf8.contains(UInt8(ascii: "&")) else { return html }
        var out: [UInt8] = []
        out.reserveCapacity(html.utf8.count)
        var bytes = html.utf8[...]
        while let open = bytes.firstIndex(of: UInt8(ascii: "<")) {
            out.append(contentsOf: bytes[..<open])
            let rest = bytes[open...]
            let name = rest.dropFirst().drop { $0 == UInt8(ascii: "/") }.tagName
            if name.map({ !inlineTags.contains($0) }) ?? true { out.append(UInt8(ascii: " ")) }
            if rest.starts(with: "<!--".utf8) {
                bytes = rest.dropFirst(4).suffix(after: "-->".utf8)
            } else if rest.dropFirst().first != UInt8(ascii: "/"), let name, name == "script" || name == "style" {
                bytes = rest.suffix(afterCaseInsensitive: "</\(name)".utf8)
                bytes =
                    bytes.firstIndex(of: UInt8(ascii: ">")).map { bytes[bytes.index(after: $0)...] }
                    ?? bytes[bytes.endIndex...]
            } else if let close = rest.firstIndex(of: UInt8(ascii: ">")) {
                bytes = bytes[bytes.index(after: close)...]
            } else {
                bytes = bytes[bytes.endIndex...]
            }
        }
        out.append(contentsOf: bytes)
        return HTMLEntities.decode(String(decoding: out, as: UTF8.self))
    }

    /// Tags that do not break the text where they stand.
    private static let inlineTags: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "font", "i", "kbd", "mark", "q", "s",
        "samp", "small", "span", "strike", "strong", "sub", "sup", "time", "tt", "u", "var", "wbr",
    ]
}

extension Substring.UTF8View {
    /// The lowercased ASCII name of a tag starting here (after its `<`), if it is a start tag.
    fileprivate var tagName: String? {
        let name = prefix { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
        guard !name.isEmpty, name.count <= 16 else { return nil }
        return String(decoding: name.map { $0 | 0x20 }, as: UTF8.self)
    }

    /// What follows the first `marker`, or nothing when it does not occur.
    fileprivate func suffix(after marker: some Collection<UInt8>) -> Substring.UTF8View {
        var rest = self
        while let start = rest.firstIndex(of: marker.first!) {
            if rest[start...].starts(with: marker) { return rest[start...].dropFirst(marker.count) }
            rest = rest[rest.index(after: start)...]
        }
        return self[endIndex...]
    }

    /// From the first `marker` (matched ignoring ASCII case) on, or nothing when it does not occur.
    fileprivate func suffix(afterCaseInsensitive marker: some Collection<UInt8>) -> Substring.UTF8View {
        var rest = self
        while let start = rest.firstIndex(of: marker.first!) {
            let candidate = rest[start...]
            if candidate.count >= marker.count, zip(candidate, marker).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                return candidate.dropFirst(marker.count)
            }
            rest = rest[rest.index(after: start)...]
        }
        return self[endIndex...]
    }
}
