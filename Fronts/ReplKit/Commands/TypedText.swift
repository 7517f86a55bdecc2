import Foundation

/// The text of a typed line as typed, for arguments in a language of their own (a filter expression keeps its
/// quotes and backslashes, which splitting into words would take out).
enum TypedText {
    /// `line` without its first `count` words (each a run of non-blank characters) and the blanks after them.
    static func dropping(_ count: Int, from line: String) -> String {
        var rest = Substring(line)
        for _ in 0..<count {
            rest = rest.drop(while: \.isWhitespace).drop { !$0.isWhitespace }
        }
        return String(rest.drop(while: \.isWhitespace))
    }

    /// Splits `text` at its last `->`: what comes before (trimmed) and after; nil without one.
    static func splitAtArrow(_ text: String) -> (before: String, after: String)? {
        guard let arrow = text.range(of: "->", options: .backwards) else { return nil }
        return (
            String(text[..<arrow.lowerBound]).trimmingCharacters(in: .whitespaces),
            String(text[arrow.upperBound...]).trimmingCharacters(in: .whitespaces)
        )
    }
}
