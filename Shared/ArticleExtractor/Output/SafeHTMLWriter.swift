import Foundation

/// Writes the article as safe HTML: the elements of ``OutputRule/keep`` with `href`, `src`, `alt` and `title`
/// only, every other element unwrapped or dropped, every address absolute and of a safe scheme.
///
/// Unwrapping never glues two blocks' words together: text left loose at the top level (or in a quote) is
/// wrapped in a paragraph, and inside an element holding inline content (a list item, a cell) the blocks
/// written in place of unwrapped ones are kept apart with `<br>`.
struct SafeHTMLWriter: TreeVisitor {
    let baseURL: URL?
    let options: SafeHTMLOptions
    private(set) var output: [UInt8] = []
    /// For each element entered: whether it was written (and must be closed).
    private var written: [Bool] = []
    /// The written elements that are open, innermost last.
    private var open: [Tag] = []
    private var autoParagraphOpen = false
    private var wroteInline = false
    private var needsBreak = false
    private var preDepth = 0

    init(baseURL: URL?, options: SafeHTMLOptions = .plain) {
        self.baseURL = baseURL
        self.options = options
    }

    /// The HTML of everything under `content`.
    static func write(_ content: Int32, in document: Document, baseURL: URL?, options: SafeHTMLOptions = .plain) -> String {
        var writer = SafeHTMLWriter(baseURL: baseURL, options: options)
        document.walk(content, &writer)
        writer.closeAutoParagraph()
        return String(decoding: writer.output, as: UTF8.self)
    }

    mutating func enter(_ node: Int32, in document: Document) -> Bool {
        if document.isText(node) {
            writeText(document.textBytes(node))
            return false
        }
        let tag = document.tag(node)
        switch tag {
        case .img:
            guard var src = ImageSource.address(of: node, in: document, baseURL: baseURL) else { return false }
            if options.dropsTrackingPixels,
                SafeHTMLOptions.isTrackingPixel(width: document.attribute(node, "width"), height: document.attribute(node, "height"))
            {
                return false
            }
            if let imageAddress = options.imageAddress {
                guard let shown = imageAddress(src) else { return false }
                src = shown
            }
            ensureInline()
            var attributes = [("src", src)]
            for name in ["alt", "title"] {
                if let value = document.attribute(node, name), !value.isEmpty { attributes.append((name, value)) }
            }
            if options.isolatesLinks { attributes += [("referrerpolicy", "no-referrer"), ("loading", "lazy")] }
            writeTag(.img, attributes)
            return false
        case .br:
            if autoParagraphOpen || inInlineContext {
                write("<br>")
            }
            return false
        case .hr:
            closeAutoParagraph()
            write("<hr>")
            return false
        case .a:
            guard let href = document.attribute(node, "href").flatMap({ URLResolver.link($0, against: baseURL) }) else {
                written.append(false)
                return true
            }
            ensureInline()
            var attributes = [("href", href)]
            if let title = document.attribute(node, "title"), !title.isEmpty { attributes.append(("title", title)) }
            if options.isolatesLinks { attributes += [("rel", "noopener noreferrer"), ("target", "_blank")] }
            writeTag(.a, attributes)
            open.append(.a)
            written.append(true)
            return true
        default:
            break
        }
        switch OutputRule.of(tag) {
        case .drop:
            return false
        case .unwrapInline:
            written.append(false)
            return true
        case .unwrapBlock:
            boundary()
            written.append(false)
            return true
        case .keep:
            if isInlineTag(tag) {
                ensureInline()
            } else {
                closeAutoParagraph()
                if inInlineContext, wroteInline { needsBreak = false }
            }
            var attributes: [(String, String)] = []
            if let title = document.attribute(node, "title"), !title.isEmpty { attributes.append(("title", title)) }
            writeTag(tag, attributes)
            open.append(tag)
            if tag == .pre { preDepth += 1 }
            written.append(true)
            wroteInline = false
            needsBreak = false
            return true
        }
    }

    mutating func leave(_ node: Int32, in document: Document) {
        guard let wasWritten = written.popLast() else { return }
        let tag = document.tag(node)
        guard wasWritten else {
            if OutputRule.of(tag) == .unwrapBlock { boundary() }
            return
        }
        if !isInlineTag(tag) { closeAutoParagraph() }
        open.removeLast()
        if tag == .pre { preDepth -= 1 }
        write("</")
        write(tag.name)
        write(">")
        if !isInlineTag(tag) {
            wroteInline = false
            needsBreak = false
        } else {
            wroteInline = true
        }
    }

    private func isInlineTag(_ tag: Tag) -> Bool {
        switch tag {
        case .a, .em, .strong, .b, .i, .sup, .sub, .code, .img, .br: true
        default: false
        }
    }

    /// Whether inline content may be written where the writer is (inside a paragraph, cell, item…).
    private var inInlineContext: Bool {
        guard let last = open.last else { return false }
        return OutputRule.holdsInlineContent(last)
    }

    private mutating func boundary() {
        closeAutoParagraph()
        if inInlineContext, wroteInline { needsBreak = true }
    }

    private mutating func ensureInline() {
        if !autoParagraphOpen, !inInlineContext {
            write("<p>")
            autoParagraphOpen = true
        } else if needsBreak {
            write("<br>")
        }
        needsBreak = false
        wroteInline = true
    }

    mutating func closeAutoParagraph() {
        guard autoParagraphOpen else { return }
        write("</p>")
        autoParagraphOpen = false
    }

    private mutating func writeText(_ bytes: ArraySlice<UInt8>) {
        if preDepth == 0, !TextMeasure.hasNonSpace(bytes) {
            // Whitespace between blocks says nothing; between words it is one space.
            if autoParagraphOpen || (inInlineContext && wroteInline) { output.append(0x20) }
            return
        }
        ensureInline()
        escape(bytes, quote: false)
    }

    private mutating func writeTag(_ tag: Tag, _ attributes: [(String, String)]) {
        write("<")
        write(tag.name)
        for (name, value) in attributes {
            write(" ")
            write(name)
            write("=\"")
            var value = value
            value.withUTF8 { escape($0, quote: true) }
            write("\"")
        }
        write(">")
    }

    private mutating func write(_ text: String) { output.append(contentsOf: text.utf8) }

    /// Appends `bytes` with `&`, `<`, `>` (and `"` in attributes) escaped, the runs between them in one copy.
    private mutating func escape(_ bytes: ArraySlice<UInt8>, quote: Bool) {
        bytes.withUnsafeBufferPointer { escape($0, quote: quote) }
    }

    private mutating func escape(_ bytes: UnsafeBufferPointer<UInt8>, quote: Bool) {
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let replacement: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case 0x22 where quote: replacement = "&quot;"
            default:
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            index += 1
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
    }
}
