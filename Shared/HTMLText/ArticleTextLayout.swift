import TerminalText

extension HTMLDocumentText {
    /// The text as lines no wider than `width` columns: paragraphs separated by blank lines, list items
    /// indented under their markers, quotes behind a bar, and the numbered links below.
    public func lines(width: Int) -> [String] {
        let width = max(20, width)
        var output: [String] = []
        func separate() {
            if let last = output.last, !last.isEmpty { output.append("") }
        }
        var previousWasItem = false
        for block in blocks {
            switch block {
            case .paragraph(let text):
                separate()
                output += text.wrapped(toWidth: width)
                previousWasItem = false
            case .quote(let text):
                separate()
                output += text.wrapped(toWidth: width, indent: "│ ", subsequentIndent: "│ ")
                previousWasItem = false
            case .listItem(let marker, let depth, let text):
                if !previousWasItem { separate() }
                let indent = String(repeating: "  ", count: depth) + "  "
                let head = indent + marker + " "
                let hanging = String(repeating: " ", count: head.displayWidth)
                output += text.wrapped(toWidth: width, indent: head, subsequentIndent: hanging)
                previousWasItem = true
            case .preformatted(let lines):
                separate()
                output += lines.map { "    " + $0 }.map { $0.truncated(toWidth: width) }
                previousWasItem = false
            case .rule:
                separate()
                output.append(String(repeating: "─", count: min(width, 40)))
                previousWasItem = false
            }
        }
        if !links.isEmpty {
            separate()
            for (index, link) in links.enumerated() {
                output.append("[\(index + 1)] \(link)")
            }
        }
        return output
    }
}
