/// Removes HTML tags from a short text (a title), in one pass over its UTF-8.
///
/// Tags that separate blocks (`<br>`, `<p>`, `<li>` …) leave a space so that words do not run together; the
/// others leave nothing, so `Sl<b>ack</b>` stays one word. Character references are left for the caller.
enum HTMLTagStripper {
    /// `text` without its tags. With `onlyKnownTags`, a tag is removed only when it is surely HTML: a closing
    /// tag, a comment, or an opening tag of an HTML element that is void, self-closed, has attributes or is
    /// closed later in the text; `a < b`, `Vector<T>`, `List<String>` and a lone `<b>` stay as written.
    static func strip(_ text: String, onlyKnownTags: Bool) -> String {
        guard text.utf8.contains(0x3C) else { return text }
        var scanner = Scanner(Array(text.utf8))
        let lastClosing = onlyKnownTags ? scanner.closingPositions() : [:]
        let p = scanner.p
        var out: [UInt8] = []
        out.reserveCapacity(p.count)
        var i = 0
        while i < p.count {
            guard p[i] == 0x3C, let tag = scanner.tag(at: i),
                  !onlyKnownTags || isSurelyHTML(tag, at: i, lastClosing: lastClosing) else {
                out.append(p[i])
                i += 1
                continue
            }
            if blockElements.contains(tag.name) { out.append(0x20) }
            i = tag.end
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `text` is unambiguously markup: an HTML element is opened and closed in it (`<b>…</b>`), or it
    /// holds a comment. Text that merely mentions a tag (`Use <br> or <hr>?`, `The <img> element`, `Type <b>
    /// for bold`) is not: only a title that is markup loses its tags (see ``TitleText/Markup/looseHTML``).
    static func isMarkup(_ text: String) -> Bool {
        guard text.utf8.contains(0x3C) else { return false }
        var scanner = Scanner(Array(text.utf8))
        let lastClosing = scanner.closingPositions()
        let p = scanner.p
        var i = 0
        while i < p.count {
            guard p[i] == 0x3C, let tag = scanner.tag(at: i) else {
                i += 1
                continue
            }
            if tag.isComment || !tag.closing && (lastClosing[tag.name] ?? -1) > i { return true }
            i = tag.end
        }
        return false
    }

    private struct Tag {
        /// Lower-cased element name; empty for comments and declarations.
        var name = ""
        var isComment = false
        var closing = false
        var attributesOrSlash = false
        /// Index just past the `>`.
        var end = 0
    }

    private static func isSurelyHTML(_ tag: Tag, at start: Int, lastClosing: [String: Int]) -> Bool {
        if tag.name.isEmpty { return true }
        guard knownElements.contains(tag.name) else { return false }
        if tag.closing || tag.attributesOrSlash || voidElements.contains(tag.name) { return true }
        return (lastClosing[tag.name] ?? -1) > start
    }

    /// Reads tags out of the text within a budget of steps proportional to its length: a title full of
    /// unclosed `<a "` or `<!--` would otherwise cost a scan to the end for every `<`, which is quadratic.
    /// Once the budget is spent the remaining `<` are taken as text.
    private struct Scanner {
        let p: [UInt8]
        private var budget: Int

        init(_ p: [UInt8]) {
            self.p = p
            budget = 16 * p.count + 4096
        }

        /// The tag starting at `start` (which holds `<`), or `nil` when the `<` is just a character.
        mutating func tag(at start: Int) -> Tag? {
            var i = start + 1
            guard i < p.count else { return nil }
            if p[i] == 0x21 || p[i] == 0x3F {  // <!-- … -->, <!…>, <?…?>
                let isComment = i + 2 < p.count && p[i + 1] == 0x2D && p[i + 2] == 0x2D
                let end = isComment ? find([0x2D, 0x2D, 0x3E], from: i + 3) : find([0x3E], from: i + 1)
                return end.map { Tag(isComment: isComment, end: $0) }
            }
            var tag = Tag()
            if p[i] == 0x2F { tag.closing = true; i += 1 }
            let nameStart = i
            guard i < p.count, isLetter(p[i]) else { return nil }
            while i < p.count, isLetter(p[i]) || (p[i] >= 0x30 && p[i] <= 0x39) || p[i] == 0x2D { i += 1 }
            tag.name = String(decoding: p[nameStart..<i], as: UTF8.self).lowercased()
            guard i < p.count, p[i] == 0x3E || p[i] == 0x2F || isSpace(p[i]) else { return nil }
            var quote: UInt8 = 0
            var afterEquals = false
            while i < p.count, budget > 0 {
                budget -= 1
                let c = p[i]
                if quote != 0 {
                    if c == quote { quote = 0 }
                } else if (c == 0x22 || c == 0x27) && afterEquals {
                    quote = c  // only a quote right after `=` opens a value: `href=x/">` is unquoted, as in browsers
                } else if c == 0x3E {
                    tag.end = i + 1
                    return tag
                } else if c == 0x3C {
                    return nil  // another tag starts: this `<` was text
                } else if !isSpace(c) {
                    tag.attributesOrSlash = true
                }
                if quote == 0, !isSpace(c) { afterEquals = c == 0x3D }
                i += 1
            }
            return nil
        }

        /// For each known element, where its last closing tag starts, so "is it closed later" costs one lookup.
        mutating func closingPositions() -> [String: Int] {
            var result: [String: Int] = [:]
            var i = 0
            while let past = find([0x3C, 0x2F], from: i) {
                if let tag = tag(at: past - 2), knownElements.contains(tag.name) { result[tag.name] = past - 2 }
                i = past
            }
            return result
        }

        /// Index just past the first `needle` at or after `start`, within the budget.
        private mutating func find(_ needle: [UInt8], from start: Int) -> Int? {
            var i = start
            while i + needle.count <= p.count, budget > 0 {
                budget -= 1
                if p[i] == needle[0], p[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
                i += 1
            }
            return nil
        }
    }

    private static func isLetter(_ c: UInt8) -> Bool { c | 0x20 >= 0x61 && c | 0x20 <= 0x7A }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    /// Elements that appear in titles that carry HTML; names that are also common words or type parameters
    /// are still safe, since a bare opening tag must be closed later to count.
    private static let knownElements: Set<String> = [
        "a", "abbr", "acronym", "b", "bdi", "bdo", "big", "blockquote", "br", "center", "cite", "code", "dd", "del",
        "dfn", "div", "dl", "dt", "em", "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "ins", "kbd",
        "li", "mark", "nobr", "ol", "p", "pre", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
        "table", "tbody", "td", "th", "thead", "time", "tr", "tt", "u", "ul", "var", "wbr",
    ]

    private static let voidElements: Set<String> = ["br", "hr", "img", "wbr"]

    private static let blockElements: Set<String> = [
        "blockquote", "br", "dd", "div", "dl", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "li", "ol", "p", "pre",
        "table", "td", "th", "tr", "ul",
    ]
}
