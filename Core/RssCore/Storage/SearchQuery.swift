import Foundation

/// Turns what a user typed into a safe FTS5 query.
///
/// FTS5 has its own syntax (`"`, `*`, `-`, `^`, `:`, `NEAR(`, `AND`/`OR`/`NOT`); passing user text through would
/// make ordinary input fail ("fts5: syntax error") or change its meaning. Each whitespace-separated word is quoted
/// as an FTS5 string (inner quotes doubled) and made a prefix query (`"word"*`); the words are ANDed. Words with no
/// letter or digit are dropped, since the tokenizer would drop them anyway.
enum SearchQuery {
    /// The FTS5 MATCH expression for `text`, or nil when nothing searchable is left.
    static func matchExpression(for text: String) -> String? {
        let terms = text.split(whereSeparator: { $0.isWhitespace })
            .filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
            .map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }
}
