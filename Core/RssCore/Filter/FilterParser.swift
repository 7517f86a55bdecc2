import BoundedRegex
import Foundation

/// Reads the filter language into a ``FilterExpression``, by recursive descent:
///
/// ```
/// expression  := conjunction ("or" conjunction)*
/// conjunction := negation ("and" negation)*
/// negation    := "not" negation | primary
/// primary     := "(" expression ")" | field [operator value]
/// ```
///
/// Only `unread` and `starred` may stand without an operator. Every mistake is a ``FilterProblem`` at the
/// column where it starts.
struct FilterParser {
    private let tokens: [FilterToken]
    private let endColumn: Int
    private var index = 0
    private var depth = 0
    private var conditions = 0

    static func parse(_ text: String) throws(FilterProblem) -> FilterExpression {
        guard text.count <= ArticleFilter.maximumLength else {
            throw FilterProblem(
                column: ArticleFilter.maximumLength + 1, kind: .tooLong(limit: ArticleFilter.maximumLength))
        }
        var parser = FilterParser(tokens: try FilterLexer.tokens(text), endColumn: text.count + 1)
        guard !parser.tokens.isEmpty else { throw FilterProblem(column: 1, kind: .empty) }
        let expression = try parser.disjunction()
        if let extra = parser.current {
            throw FilterProblem(column: extra.column, kind: .expected(.connective, found: extra.written))
        }
        return expression
    }

    private init(tokens: [FilterToken], endColumn: Int) {
        self.tokens = tokens
        self.endColumn = endColumn
    }

    private var current: FilterToken? { index < tokens.count ? tokens[index] : nil }

    /// `expectation` was not met at the current token (or at the end).
    private func expected(_ expectation: FilterProblem.Expectation) -> FilterProblem {
        FilterProblem(column: current?.column ?? endColumn, kind: .expected(expectation, found: current?.written))
    }

    private mutating func disjunction() throws(FilterProblem) -> FilterExpression {
        try joined(by: "or", into: FilterExpression.any) { parser throws(FilterProblem) in try parser.conjunction() }
    }

    private mutating func conjunction() throws(FilterProblem) -> FilterExpression {
        try joined(by: "and", into: FilterExpression.all) { parser throws(FilterProblem) in try parser.negation() }
    }

    /// `operand (keyword operand)*`: one operand alone, or all of them combined by `combine`.
    private mutating func joined(
        by keyword: String, into combine: ([FilterExpression]) -> FilterExpression,
        _ operand: (inout FilterParser) throws(FilterProblem) -> FilterExpression
    ) throws(FilterProblem) -> FilterExpression {
        var items = [try operand(&self)]
        while current?.isKeyword(keyword) == true {
            index += 1
            items.append(try operand(&self))
        }
        return items.count == 1 ? items[0] : combine(items)
    }

    private mutating func negation() throws(FilterProblem) -> FilterExpression {
        guard let token = current, token.isKeyword("not") else { return try primary() }
        try enter(at: token)
        index += 1
        let negated = try negation()
        depth -= 1
        return .not(negated)
    }

    /// One more level of nesting, refused past the limit.
    private mutating func enter(at token: FilterToken) throws(FilterProblem) {
        depth += 1
        guard depth <= ArticleFilter.maximumDepth else {
            throw FilterProblem(column: token.column, kind: .tooDeep(limit: ArticleFilter.maximumDepth))
        }
    }

    private mutating func primary() throws(FilterProblem) -> FilterExpression {
        guard let token = current else { throw expected(.condition) }
        switch token.kind {
        case .open:
            try enter(at: token)
            index += 1
            let inner = try disjunction()
            guard current?.kind == .close else { throw expected(.closingParenthesis(openedAt: token.column)) }
            index += 1
            depth -= 1
            return inner
        case .word:
            guard let field = ArticleFilter.Field(rawValue: token.text.lowercased()) else {
                let keywords = ["and", "or", "not", "contains"]
                if keywords.contains(token.text.lowercased()) { throw expected(.condition) }
                throw FilterProblem(column: token.column, kind: .unknownField(token.text))
            }
            conditions += 1
            guard conditions <= ArticleFilter.maximumConditions else {
                throw FilterProblem(
                    column: token.column, kind: .tooManyConditions(limit: ArticleFilter.maximumConditions))
            }
            index += 1
            return try condition(field)
        case .string, .symbol, .close:
            throw expected(.condition)
        }
    }

    /// The operator and value after `field`.
    private mutating func condition(_ field: ArticleFilter.Field) throws(FilterProblem) -> FilterExpression {
        guard let token = current, let comparison = try comparison(token) else {
            if field == .unread { return .condition(.unread(true)) }
            if field == .starred { return .condition(.starred(true)) }
            throw expected(.comparison(field))
        }
        guard field.operators.contains(comparison) else {
            throw FilterProblem(column: token.column, kind: .operatorNotAllowed(comparison, field: field))
        }
        index += 1
        guard let value = current, value.kind == .word || value.kind == .string else { throw expected(.value) }
        index += 1
        return try FilterParser.condition(field, comparison, value)
    }

    /// The operator `token` is, nil when it is no operator (a keyword, a parenthesis: a mark alone).
    private func comparison(_ token: FilterToken) throws(FilterProblem) -> ArticleFilter.Operator? {
        switch token.kind {
        case .symbol:
            guard let symbol = ArticleFilter.Operator(rawValue: token.text), symbol != .contains else {
                throw FilterProblem(column: token.column, kind: .unknownOperator(token.text))
            }
            return symbol
        case .word: return token.isKeyword("contains") ? .contains : nil
        case .string, .open, .close: return nil
        }
    }

    /// The condition `field comparison value` means (`comparison` is one `field` takes).
    private static func condition(
        _ field: ArticleFilter.Field, _ comparison: ArticleFilter.Operator, _ value: FilterToken
    ) throws(FilterProblem) -> FilterExpression {
        if field == .age {
            guard let seconds = FilterDuration.seconds(value.text) else {
                throw FilterProblem(column: value.column, kind: .notADuration(value.written))
            }
            return .condition(comparison == .greaterThan ? .olderThan(seconds) : .youngerThan(seconds))
        }
        if field == .unread || field == .starred {
            guard let mark = mark(value.text) else {
                throw FilterProblem(column: value.column, kind: .notAMark(value.written))
            }
            let wanted = comparison == .equals ? mark : !mark
            return .condition(field == .unread ? .unread(wanted) : .starred(wanted))
        }
        guard let textField = TextField(field), comparison != .lessThan, comparison != .greaterThan else {
            throw FilterProblem(column: value.column, kind: .operatorNotAllowed(comparison, field: field))
        }
        let folded = TextTest.fold(value.text)
        switch comparison {
        case .contains: return .condition(.text(textField, .contains(folded)))
        case .notEquals: return .not(.condition(.text(textField, .equals(folded))))
        case .matches:
            do throws(PatternError) {
                return .condition(.text(textField, .matches(try FilterPattern(value.text))))
            } catch {
                let fault = FilterProblem.PatternFault(error.fault)
                throw FilterProblem(column: column(of: error.offset, in: value), kind: .badPattern(fault))
            }
        // `<` and `>` were refused above.
        case .equals, .lessThan, .greaterThan: return .condition(.text(textField, .equals(folded)))
        }
    }

    /// The column of the pattern scalar at `offset` (the end of the value when past its last scalar).
    private static func column(of offset: Int, in token: FilterToken) -> Int {
        if offset < token.scalarColumns.count { return token.scalarColumns[offset] }
        return token.kind == .string ? token.endColumn - 1 : token.endColumn
    }

    private static func mark(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes": true
        case "false", "no": false
        default: nil
        }
    }
}

/// A duration as the filter language writes it: numbers with units `s`, `m`, `h`, `d`, `w`, one after the
/// other (`90m`, `12h`, `7d`, `1d12h`).
enum FilterDuration {
    /// The seconds `text` stands for; nil when it is not such a duration.
    static func seconds(_ text: String) -> TimeInterval? {
        let units: [Character: TimeInterval] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400, "w": 604_800]
        var total: TimeInterval = 0
        var digits = ""
        for character in text.lowercased() {
            if let unit = units[character] {
                guard let count = Int(digits), digits.count <= 9 else { return nil }
                total += TimeInterval(count) * unit
                digits = ""
            } else if character.isASCII, character.isWholeNumber {
                digits.append(character)
            } else {
                return nil
            }
        }
        return digits.isEmpty && !text.isEmpty ? total : nil
    }
}
