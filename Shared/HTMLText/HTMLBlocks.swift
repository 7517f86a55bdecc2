import Foundation
import FeedParser
import TerminalText

/// One block of an article's text, before it is fitted to a width.
public enum TextBlock: Sendable, Equatable {
    /// A paragraph (or heading) of running text.
    case paragraph(String)
    /// An item of a list: its marker (`•`, `3.`), its nesting depth from 0 and its text.
    case listItem(marker: String, depth: Int, text: String)
    /// Preformatted lines, kept as they are.
    case preformatted([String])
    /// Quoted text.
    case quote(String)
    /// A horizontal rule.
    case rule
}

/// An article's HTML turned into text blocks and the links it holds, numbered in order of appearance.
///
/// Every piece of text is decoded (entities) and stripped of control characters and escape sequences, so what
/// comes out is safe for a terminal whatever the feed held.
public struct HTMLDocumentText: Sendable, Equatable {
    /// The blocks, in order.
    public var blocks: [TextBlock] = []
    /// The links' URLs; link `n` in the text is `links[n - 1]`.
    public var links: [String] = []

    /// Converts `html` (an article body; plain text works too).
    public init(html: String) {
        var builder = HTMLTextBuilder()
        builder.consume(html)
        builder.finishBlock()
        self.blocks = builder.blocks
        self.links = builder.links
    }
}

/// Walks HTML tags and text, closing a block at each block-level tag.
struct HTMLTextBuilder {
    var blocks: [TextBlock] = []
    var links: [String] = []
    private var text = ""
    private var preformatted = 0
    private var quoteDepth = 0
    private var skipping: String?
    /// Open lists: nil for an unordered list, else the next number.
    private var lists: [Int?] = []
    private var pendingItem: String?
    private var linkStack: [String?] = []

    mutating func consume(_ html: String) {
        var rest = html[...]
        while !rest.isEmpty {
            guard let open = rest.firstIndex(of: "<") else {
                appendText(rest)
                return
            }
            appendText(rest[..<open])
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                if let end = rest.range(of: "-->") { rest = rest[end.upperBound...] } else { return }
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                appendText(rest)
                return
            }
            let inside = rest.index(after: open)..<close
            if let stray = rest[inside].firstIndex(of: "<") {
                appendText(rest[open..<stray])
                rest = rest[stray...]
                continue
            }
            let tag = HTMLTag(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
            if let tag { handle(tag) } else { appendText("<") }
        }
    }

    private mutating func appendText(_ raw: Substring) {
        guard skipping == nil, !raw.isEmpty else { return }
        let decoded = HTMLEntities.decode(String(raw))
        text += preformatted > 0 ? decoded : Self.unwrapped(decoded)
    }

    /// Running text with its source line breaks resolved: one is a space (HTML is wrapped in the source at any
    /// point, and those breaks are not the author's), a blank line starts a new paragraph (as plain-text bodies
    /// separate paragraphs). Without this, every source line of a paragraph became a paragraph of its own.
    static func unwrapped(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var result = ""
        var breaks = 0
        for character in text {
            if character.isNewline {
                breaks += 1
                continue
            }
            if breaks > 0 {
                if character.isWhitespace { continue }
                result += breaks > 1 ? "\n" : " "
                breaks = 0
            }
            result.append(character)
        }
        if breaks > 0 { result += breaks > 1 ? "\n" : " " }
        return result
    }

    private mutating func handle(_ tag: HTMLTag) {
        if let skipped = skipping {
            if tag.isClosing, tag.name == skipped { skipping = nil }
            return
        }
        switch tag.name {
        case "script", "style", "head", "title", "template", "noscript":
            if !tag.isClosing, !tag.isSelfClosing { skipping = tag.name }
        case "br":
            text += "\n"
        case "p", "div", "section", "article", "header", "footer", "figure", "figcaption", "table", "tr",
            "h1", "h2", "h3", "h4", "h5", "h6", "dl", "dt", "dd", "main", "aside", "nav":
            finishBlock()
        case "td", "th":
            text += " "
        case "hr":
            finishBlock()
            blocks.append(.rule)
        case "pre":
            finishBlock()
            preformatted += tag.isClosing ? -1 : 1
            preformatted = max(0, preformatted)
        case "blockquote":
            finishBlock()
            quoteDepth = max(0, quoteDepth + (tag.isClosing ? -1 : 1))
        case "ul", "ol":
            finishBlock()
            if tag.isClosing {
                _ = lists.popLast()
            } else {
                lists.append(tag.name == "ol" ? Int(tag.attribute("start") ?? "") ?? 1 : nil)
            }
        case "li":
            finishBlock()
            if !tag.isClosing { startItem() }
        case "a":
            if tag.isClosing {
                if let href = linkStack.popLast(), let href {
                    links.append(href)
                    text += "[\(links.count)]"
                }
            } else if !tag.isSelfClosing {
                let href = tag.attribute("href").map(clean).flatMap { $0.isEmpty || $0.hasPrefix("#") ? nil : $0 }
                linkStack.append(href)
            }
        case "img":
            let alt = clean(tag.attribute("alt") ?? "")
            if let source = tag.attribute("src").map(clean), !source.isEmpty {
                links.append(source)
                text += "[image\(alt.isEmpty ? "" : ": " + alt)][\(links.count)]"
            }
        default:
            break
        }
    }

    private mutating func startItem() {
        let depth = max(0, lists.count - 1)
        if let last = lists.indices.last, let number = lists[last] {
            pendingItem = "\(number)."
            lists[last] = number + 1
        } else {
            pendingItem = depth % 2 == 0 ? "•" : "◦"
        }
    }

    /// Closes the text gathered so far as a block of the current kind.
    mutating func finishBlock() {
        defer {
            text = ""
            pendingItem = nil
        }
        if preformatted > 0 {
            var lines = text.sanitizedForTerminal(lineBreaks: .keep, tabs: .keep)
                .replacingOccurrences(of: "\t", with: "    ")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.first?.allSatisfy(\.isWhitespace) == true { lines.removeFirst() }
            while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
            if !lines.isEmpty { blocks.append(.preformatted(lines)) }
            return
        }
        let paragraphs = text.split(separator: "\n").map { collapse(String($0)) }.filter { !$0.isEmpty }
        if let marker = pendingItem {
            let joined = paragraphs.joined(separator: " ")
            blocks.append(.listItem(marker: marker, depth: max(0, lists.count - 1), text: joined))
            return
        }
        for paragraph in paragraphs {
            blocks.append(quoteDepth > 0 ? .quote(paragraph) : .paragraph(paragraph))
        }
    }

    private func clean(_ text: String) -> String {
        collapse(HTMLEntities.decode(text))
    }

    /// Sanitises and collapses runs of whitespace into single spaces.
    private func collapse(_ text: String) -> String {
        text.sanitizedForTerminal(lineBreaks: .space, tabs: .space)
            .split(separator: " ").joined(separator: " ")
    }
}
