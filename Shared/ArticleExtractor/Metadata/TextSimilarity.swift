/// How much of one text's words another holds: 1 when every word of `b` is in `a`, 0 when none is.
///
/// Measured as the share of `b`'s characters (words joined by spaces) left after removing the words `a` has,
/// as Readability compares a heading with the title.
enum TextSimilarity {
    static func similarity(_ a: String, _ b: String) -> Double {
        let wordsA = words(a)
        let wordsB = words(b)
        guard !wordsA.isEmpty, !wordsB.isEmpty else { return 0 }
        let known = Set(wordsA)
        let unique = wordsB.filter { !known.contains($0) }
        let uniqueLength = unique.isEmpty ? 0 : unique.reduce(0) { $0 + $1.count } + unique.count - 1
        let totalLength = wordsB.reduce(0) { $0 + $1.count } + wordsB.count - 1
        return 1 - Double(uniqueLength) / Double(totalLength)
    }

    /// Lower-cased runs of letters, digits and underscores.
    static func words(_ text: String) -> [Substring] {
        text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
    }
}
