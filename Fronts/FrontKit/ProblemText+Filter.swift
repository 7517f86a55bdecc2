public import RssCore

extension ProblemText {
    /// A filter expression's mistake with its column: `column 12: unknown field “titel” (fields: title, …)`.
    public static func filter(_ problem: FilterProblem) -> String {
        "column \(problem.column): \(filterReason(problem.kind))"
    }

    /// What is wrong with a filter expression, without where.
    public static func filterReason(_ kind: FilterProblem.Kind) -> String {
        switch kind {
        case .empty: return "no condition (for example: unread and title contains swift)"
        case .unterminatedString: return "this quote is never closed"
        case .unknownOperator(let symbols):
            return "“\(symbols)” is not an operator (\(list(ArticleFilter.Operator.allCases.map(\.rawValue))))"
        case .unknownField(let word):
            return
                "unknown field “\(word)” (fields: \(ArticleFilter.Field.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .expected(let expectation, let found):
            return "expected \(expected(expectation)), found \(found.map { "“\($0)”" } ?? "the end")"
        case .operatorNotAllowed(let comparison, let field):
            return "\(field.rawValue) takes \(list(field.operators.map(\.rawValue))), not “\(comparison.rawValue)”"
        case .notADuration(let text): return "“\(text)” is not a duration such as 90m, 12h, 7d, 2w or 1d12h"
        case .notAMark(let text): return "“\(text)” is not true or false"
        case .badPattern(let fault): return "bad regular expression: \(pattern(fault))"
        case .tooLong(let limit): return "longer than \(limit) characters"
        case .tooManyConditions(let limit): return "more than \(limit) conditions"
        case .tooDeep(let limit): return "parentheses and “not” nest deeper than \(limit)"
        }
    }

    private static func expected(_ expectation: FilterProblem.Expectation) -> String {
        switch expectation {
        case .condition: "a field, “not” or “(”"
        case .comparison(let field): "\(list(field.operators.map(\.rawValue))) after \(field.rawValue)"
        case .value: "a value"
        case .closingParenthesis(let column): "“)” closing the “(” of column \(column)"
        case .connective: "“and”, “or” or the end"
        }
    }

    private static func pattern(_ fault: FilterProblem.PatternFault) -> String {
        switch fault {
        case .tooLong(let limit): "longer than \(limit) characters"
        case .tooComplex(let limit): "too complex (more than \(limit) steps a character)"
        case .unclosedGroup: "this “(” is never closed"
        case .unopenedGroup: "this “)” closes nothing"
        case .unclosedClass: "this “[” is never closed"
        case .reversedRange: "a range ends before it starts"
        case .nothingToRepeat: "nothing before it to repeat"
        case .repetitionTooLarge(let limit): "a count above \(limit)"
        case .reversedRepetition: "a {n,m} with m below n"
        case .trailingBackslash: "a “\\” ends it"
        case .unknownEscape(let escape): "“\(escape)” means nothing here (no backreferences)"
        case .unsupportedGroup: "lookahead, lookbehind and atomic groups are not supported"
        case .unknownFlag(let flag):
            flag.isEmpty ? "a flag group with no flag" : "unknown flag “\(flag)” (flags: i, m, s)"
        case .unknownClassName(let name): "unknown class [:\(name):]"
        }
    }

    /// `a, b or c`.
    private static func list(_ words: [String]) -> String {
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
