import Foundation

/// The article's title from a page's `<title>`, without the site's name around it.
///
/// Pages title themselves "Article – Site" or "Site | Section | Article"; the rules are Readability's: cut at
/// the last separator (` | `, ` - `, ` – `, ` — `, ` \ `, ` / `, ` > `, ` » `), or at the first when fewer than
/// three words would be left; take the part after a colon unless a heading holds the whole title; use the
/// page's only `<h1>` when the title is very short or very long; and keep the whole title when cutting leaves
/// four words or fewer, unless the cut removed just one hierarchical part ("Site / Section / Title").
enum TitleCleaner {
    static func clean(_ original: String, headings: [String], onlyH1: String?) -> String {
        let original = TextMeasure.normalized(original)
        var title = original
        var hadHierarchicalSeparator = false
        let separators = separatorRanges(in: original)
        if let last = separators.last {
            hadHierarchicalSeparator = separators.contains { hierarchical.contains(String(original[$0]).trimmingSpaces()) }
            title = String(original[..<last.lowerBound])
            if wordCount(title) < 3, let first = separators.first {
                title = String(original[first.upperBound...])
            }
        } else if original.contains(": ") {
            if !headings.contains(original) {
                let afterLast = original[original.index(after: original.lastIndex(of: ":")!)...]
                title = String(afterLast)
                if wordCount(title) < 3 {
                    title = String(original[original.index(after: original.firstIndex(of: ":")!)...])
                } else if wordCount(String(original[..<original.firstIndex(of: ":")!])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15, let onlyH1 {
            title = onlyH1
        }
        title = TextMeasure.normalized(title)
        let words = wordCount(title)
        if words <= 4 {
            let withoutSeparators = original.replacingSeparators()
            if !hadHierarchicalSeparator || words != wordCount(withoutSeparators) - 1 {
                title = original
            }
        }
        return title
    }

    private static let hierarchical: Set<String> = ["\\", "/", ">", "»"]
    private static let all: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]

    /// The ranges of " X " where X is a separator, in order.
    private static func separatorRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index].isWhitespace, next < text.endIndex, all.contains(text[next]) {
                let after = text.index(after: next)
                if after < text.endIndex, text[after].isWhitespace {
                    ranges.append(index..<text.index(after: after))
                    index = after
                    continue
                }
            }
            index = next
        }
        return ranges
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace }).count + (text.first?.isWhitespace == true ? 1 : 0)
    }
}

extension String {
    /// The text with every " X " separator removed.
    fileprivate func replacingSeparators() -> String {
        var result = self
        for separator in ["|", "-", "–", "—", "\\", "/", ">", "»"] {
            result = result.replacingOccurrences(of: " \(separator) ", with: "")
        }
        return result
    }
}
