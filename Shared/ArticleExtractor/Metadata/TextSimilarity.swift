/// How much of one text's words another holds: 1 when every word of `b` is in `a`, 0 when none is.
///
/// Measured as the share of `b`'s characters (words joined by spaces) left after removing the words `a` has,
/// as Readability compares a heading with the title.
enum TextSimilarity {
    static func similarity(_ a: String, _ b: String) -> Double {
        similarity(known: Set(words(a)), b)
    }

    /// The similarity of `b` to a text whose words are `known` (for comparing many texts with one).
    static func similarity(known: Set<Substring>, _ b: String) -> Double {
        let wordsB = words(b)
        guard !known.isEmpty, !wordsB.isEmpty else { return 0 }
        let unique = wordsB.filter { !known.contains($0) }
        let uniqueLength = unique.isEmpty ? 0 : unique.reduce(0) { $0 + $1.count } + unique.count - 1
        let totalLength = wordsB.reduce(0) { $0 + $1.count } + wordsB.count - 1
        return 1 - Double(uniqueLength) / Double(totalLength)
    }

    /// Lower-cased runs of letters, digits and underscores.
    static func words(_ text: String) -> [Substring] {
        // ASCII text split on its bytes (the same words: no other ASCII character is a letter or a number).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            return text.asciiLowercased().utf8.split(whereSeparator: { byte in
                !((byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F)
            }).map { Substring($0) }
        }
        return text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
    }
}
