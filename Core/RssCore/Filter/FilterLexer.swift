/// A token of the filter language, with where it stands.
struct FilterToken: Equatable {
    enum Kind: Equatable {
        /// A bare word: a field, a keyword, a value (`title`, `and`, `swift`, `7d`).
        case word
        /// A quoted value, its escapes resolved.
        case string
        /// Operator symbols as written (`~`, `!=`, and whatever else was typed there).
        case symbol
        case open
        case close
    }

    let kind: Kind
    /// The text: the word or symbols as written, a string's value without quotes and escapes.
    let text: String
    /// The column where the token starts, from 1.
    let column: Int
    /// The column of each Unicode scalar of ``text``, so that a fault inside a pattern can be pointed at.
    let scalarColumns: [Int]
    /// The column after the token.
    let endColumn: Int

    /// The token as it reads in a message: a string with its quotes.
    var written: String { kind == .string ? "\"\(text)\"" : text }

    /// Whether the token is the keyword `word` (keywords ignore case).
    func isKeyword(_ word: String) -> Bool {
        kind == .word && text.lowercased() == word
    }
}

/// Splits an expression into tokens, counting columns in characters.
///
/// Words run up to a space, a parenthesis, a quote or an operator symbol (`! < > = ~`). Strings are quoted
/// with `"` or `'`; inside them a backslash escapes the quote and itself, and any other backslash stays, so
/// that `"\d+"` is the pattern `\d+`.
enum FilterLexer {
    static let symbols: Set<Character> = ["!", "<", ">", "=", "~"]

    static func tokens(_ text: String) throws(FilterProblem) -> [FilterToken] {
        var tokens: [FilterToken] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let column = index + 1
            if character.isWhitespace {
                index += 1
            } else if character == "(" || character == ")" {
                tokens.append(
                    FilterToken(
                        kind: character == "(" ? .open : .close, text: String(character), column: column,
                        scalarColumns: [column], endColumn: column + 1))
                index += 1
            } else if character == "\"" || character == "'" {
                tokens.append(try string(characters, from: &index))
            } else {
                let isSymbol = symbols.contains(character)
                var word = ""
                var columns: [Int] = []
                while index < characters.count, symbols.contains(characters[index]) == isSymbol,
                    isSymbol || !ends(word: characters[index])
                {
                    word.append(characters[index])
                    columns += Array(repeating: index + 1, count: characters[index].unicodeScalars.count)
                    index += 1
                }
                tokens.append(
                    FilterToken(
                        kind: isSymbol ? .symbol : .word, text: word, column: column, scalarColumns: columns,
                        endColumn: index + 1))
            }
        }
        return tokens
    }

    private static func ends(word character: Character) -> Bool {
        character.isWhitespace || character == "(" || character == ")" || character == "\"" || character == "'"
            || symbols.contains(character)
    }

    /// A quoted string from `index` (its opening quote); leaves `index` after the closing quote.
    private static func string(_ characters: [Character], from index: inout Int) throws(FilterProblem) -> FilterToken {
        let quote = characters[index]
        let column = index + 1
        var value = ""
        var columns: [Int] = []
        index += 1
        while index < characters.count {
            var character = characters[index]
            if character == quote {
                index += 1
                return FilterToken(
                    kind: .string, text: value, column: column, scalarColumns: columns, endColumn: index + 1)
            }
            if character == "\\", index + 1 < characters.count,
                characters[index + 1] == quote || characters[index + 1] == "\\"
            {
                index += 1
                character = characters[index]
            }
            value.append(character)
            columns += Array(repeating: index + 1, count: character.unicodeScalars.count)
            index += 1
        }
        throw FilterProblem(column: column, kind: .unterminatedString)
    }
}
