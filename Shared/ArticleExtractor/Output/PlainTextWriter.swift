/// Writes the article as plain text: a blank line between blocks, list items, rows and definition terms on
/// lines of their own, a tab between a row's cells, `<br>` as a line break, and the whitespace of `<pre>`
/// kept; elsewhere each run of whitespace is one space. Words of two blocks are never glued together.
struct PlainTextWriter: TreeVisitor {
    private(set) var output: [UInt8] = []
    /// 0: nothing between the last text and the next; 1: a line break; 2: a blank line.
    private var pendingBreak = 0
    private var pendingSpace = false
    private var pendingTab = false
    private var preDepth = 0
    private var listItemDepth = 0
    private var cellsInRow = 0

    /// The text of everything under `content`.
    static func write(_ content: Int32, in document: Document) -> String {
        var writer = PlainTextWriter()
        document.walk(content, &writer)
        return String(decoding: writer.output, as: UTF8.self)
    }

    mutating func enter(_ node: Int32, in document: Document) -> Bool {
        if document.isText(node) {
            writeText(document.textBytes(node))
            return false
        }
        let tag = document.tag(node)
        switch tag {
        case .br:
            requestBreak(1)
            return false
        case .img:
            return false
        case .hr:
            requestBreak(2)
            return false
        case .td, .th:
            if cellsInRow > 0 { pendingTab = true }
            cellsInRow += 1
            return true
        case .tr:
            requestBreak(1)
            cellsInRow = 0
            return true
        case .thead, .tbody, .tfoot:
            requestBreak(1)
            return true
        case .li, .dt, .dd:
            requestBreak(1)
            listItemDepth += 1
            return true
        case .ul, .ol, .dl:
            requestBreak(listItemDepth > 0 ? 1 : 2)
            return true
        case .pre:
            requestBreak(2)
            preDepth += 1
            return true
        default:
            break
        }
        switch OutputRule.of(tag) {
        case .drop: return false
        case .unwrapInline: return true
        case .keep, .unwrapBlock:
            if tag.isBlock || OutputRule.of(tag) == .unwrapBlock { requestBreak(listItemDepth > 0 ? 1 : 2) }
            return true
        }
    }

    mutating func leave(_ node: Int32, in document: Document) {
        let tag = document.tag(node)
        switch tag {
        case .td, .th:
            return
        case .tr, .thead, .tbody, .tfoot:
            requestBreak(1)
        case .li, .dt, .dd:
            listItemDepth -= 1
            requestBreak(1)
        case .ul, .ol, .dl:
            requestBreak(listItemDepth > 0 ? 1 : 2)
        case .pre:
            preDepth -= 1
            requestBreak(2)
        default:
            if tag.isBlock || OutputRule.of(tag) == .unwrapBlock { requestBreak(listItemDepth > 0 ? 1 : 2) }
        }
    }

    private mutating func requestBreak(_ level: Int) {
        pendingBreak = max(pendingBreak, level)
        pendingSpace = false
    }

    /// Writes what is pending before the next visible character.
    private mutating func flush() {
        if !output.isEmpty {
            if pendingBreak > 0 {
                output.append(contentsOf: pendingBreak == 2 ? [0x0A, 0x0A] : [0x0A])
            } else if pendingTab {
                output.append(0x09)
            } else if pendingSpace {
                output.append(0x20)
            }
        }
        pendingBreak = 0
        pendingSpace = false
        pendingTab = false
    }

    private mutating func writeText(_ bytes: ArraySlice<UInt8>) {
        if preDepth > 0 {
            guard !bytes.isEmpty else { return }
            flush()
            output.append(contentsOf: bytes)
            return
        }
        // Each run of characters other than whitespace is copied at once, with what is pending written first.
        var index = bytes.startIndex
        let end = bytes.endIndex
        var runStart = index
        while index < end {
            let byte = bytes[index]
            if byte > 0x20, byte < 0x80 {
                index += 1
                continue
            }
            var width = 1
            var space = false
            if byte < 0x80 {
                space = byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
            } else if byte >= 0xC0 {
                width = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if index + width > end { width = end - index }
                if width == 2 {
                    space = byte == 0xC2 && bytes[index + 1] == 0xA0
                } else if width == 3 {
                    space = TextMeasure.isWideSpace(byte, bytes[index + 1], bytes[index + 2])
                }
            }
            if space {
                if runStart < index {
                    flush()
                    output.append(contentsOf: bytes[runStart..<index])
                }
                if pendingBreak == 0, !pendingTab { pendingSpace = true }
                index += width
                runStart = index
            } else {
                index += width
            }
        }
        if runStart < end {
            flush()
            output.append(contentsOf: bytes[runStart..<end])
        }
    }
}
