import Foundation
import GRDB

/// Turns what a user typed into a safe FTS5 query.
///
/// FTS5 has its own syntax (`"`, `*`, `-`, `^`, `:`, `NEAR(`, `AND`/`OR`/`NOT`); passing user text through would
/// make ordinary input fail ("fts5: syntax error") or change its meaning. Each whitespace-separated word is quoted
/// as an FTS5 string (inner quotes doubled) and made a prefix query (`"word"*`); the words are ANDed. Words with no
/// letter or digit are dropped, since the tokenizer would drop them anyway.
enum SearchQuery {
    /// The FTS5 MATCH expression for `text`, or nil when nothing searchable is left.
    static func matchExpression(for text: String) -> String? {
        let terms = words(of: text).map(prefixTerm)
        return terms.isEmpty ? nil : terms.joined(separator: " ")
    }

    /// A word's prefix may stand for at most this many other words of the index before the query keeps the
    /// prefix form (see ``expandedMatchExpression(for:_:)``).
    static let maximumExpansions = 16

    /// ``matchExpression(for:)`` with each plain word (ASCII letters and digits: one token, lowercased by the
    /// tokenizer) written as the words of the index it begins, `("word" OR "words" …)`, ANDed, read from the index's
    /// vocabulary (`temp.article_search_vocab`).
    ///
    /// The same matches, much sooner: FTS5 answers a prefix query by merging the article lists of every word
    /// with that prefix before it returns the first match (about 40 ms for a word in half of a million
    /// articles), while it reads an OR of words lazily, in key order, and stops with the page. A prefix that
    /// begins more words than ``maximumExpansions`` keeps the prefix form; so does any other word. Finding the
    /// longer words counts their articles (the vocabulary does as it lists them): a partial word that begins
    /// a very common one (`quas` for "quasar") still costs that word's list.
    static func expandedMatchExpression(for text: String, _ db: Database) throws -> String? {
        let words = words(of: text)
        guard !words.isEmpty else { return nil }
        let extensions = try db.cachedStatement(sql: """
            SELECT term FROM temp.article_search_vocab WHERE term >= ? AND term < ? LIMIT \(maximumExpansions + 1)
            """)
        return try words.map { word in
            guard word.utf8.allSatisfy(isPlain) else { return prefixTerm(word) }
            let term = word.lowercased()
            // From just after the word itself: the vocabulary counts each word's articles as it goes, and
            // `term > word` would count the word's own (the whole cost this saves).
            let longer = try String.fetchAll(extensions, arguments: [term + "\u{1}", term + "\u{10FFFF}"])
            guard longer.count <= maximumExpansions else { return prefixTerm(word) }
            return "(" + ([term] + longer).map { "\"\($0)\"" }.joined(separator: " OR ") + ")"
        }.joined(separator: " AND ")  // FTS5 allows no implicit AND next to parentheses
    }

    /// Creates the vocabulary ``expandedMatchExpression(for:_:)`` reads, on each connection (a temporary
    /// table: nothing is stored).
    static func createVocabulary(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.article_search_vocab USING fts5vocab(main, article_search, 'row')
            """)
    }

    /// The searchable words of `text`: separated by white space, each with a letter or a digit.
    private static func words(of text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace }).filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
    }

    /// An ASCII letter or digit.
    private static func isPlain(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// `"word"*`, inner quotes doubled.
    private static func prefixTerm(_ word: Substring) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
    }
}
