import Foundation
import Testing

@testable import RssCore

/// The filter language's grammar: precedence, every field and operator, and each mistake at its column.
@Suite("Filter language")
struct FilterParserTests {
    static let unread = FilterExpression.condition(.unread(true))
    static let starred = FilterExpression.condition(.starred(true))
    static func title(_ text: String) -> FilterExpression { .condition(.text(.title, .contains(text))) }

    static func parse(_ text: String) throws -> FilterExpression { try ArticleFilter(text).expression }

    @Test("not binds tighter than and, and tighter than or; parentheses group")
    func precedence() throws {
        let (unread, starred, x) = (Self.unread, Self.starred, Self.title("x"))
        #expect(try Self.parse("unread or starred and title contains x") == .any([unread, .all([starred, x])]))
        #expect(try Self.parse("unread and starred or title contains x") == .any([.all([unread, starred]), x]))
        #expect(try Self.parse("(unread or starred) and title contains x") == .all([.any([unread, starred]), x]))
        #expect(try Self.parse("not unread and starred") == .all([.not(unread), starred]))
        #expect(try Self.parse("not (unread and starred)") == .not(.all([unread, starred])))
        #expect(try Self.parse("not not unread") == .not(.not(unread)))
        #expect(try Self.parse("unread or starred or title contains x") == .any([unread, starred, x]))
        #expect(try Self.parse("((unread))") == unread)
    }

    @Test("keywords, fields and marks ignore case; spacing does not matter")
    func caseAndSpacing() throws {
        #expect(
            try ArticleFilter("UNREAD AND Title CONTAINS Swift") == ArticleFilter("unread and title contains swift"))
        #expect(try ArticleFilter("(unread)and(title~x)") == ArticleFilter("( unread ) and ( title ~ x )"))
        #expect(try ArticleFilter("unread = TRUE") == ArticleFilter("unread"))
        #expect(try ArticleFilter("unread") != ArticleFilter("starred"))
    }

    static let conditions: [(String, FilterExpression)] = [
        ("title contains Swift", .condition(.text(.title, .contains("swift")))),
        ("author = \"Ann Smith\"", .condition(.text(.author, .equals("ann smith")))),
        ("author = ''", .condition(.text(.author, .equals("")))),
        ("link != 'https://x.org/a?b=c'", .not(.condition(.text(.link, .equals("https://x.org/a?b=c"))))),
        ("content contains \"say \\\"hi\\\"\"", .condition(.text(.content, .contains("say \"hi\"")))),
        ("source contains Fireball", .condition(.text(.source, .contains("fireball")))),
        ("tag = News", .condition(.text(.tag, .equals("news")))),
        ("title contains НОВОСТИ", .condition(.text(.title, .contains("новости")))),
        ("age > 7d", .condition(.olderThan(7 * 86_400))),
        ("age < 12h", .condition(.youngerThan(12 * 3_600))),
        ("age > 1d12h", .condition(.olderThan(36 * 3_600))),
        ("age < 90m", .condition(.youngerThan(90 * 60))),
        ("age > 2w", .condition(.olderThan(14 * 86_400))),
        ("age < 30s", .condition(.youngerThan(30))),
        ("unread", .condition(.unread(true))),
        ("unread = false", .condition(.unread(false))),
        ("unread != yes", .condition(.unread(false))),
        ("starred = no", .condition(.starred(false))),
        ("starred != false", .condition(.starred(true))),
        ("starred", .condition(.starred(true))),
    ]

    @Test("each field with each operator it takes", arguments: conditions.indices)
    func eachCondition(index: Int) throws {
        let (text, expected) = Self.conditions[index]
        #expect(try Self.parse(text) == expected)
    }

    @Test("~ compiles its pattern; backslashes other than before a quote or a backslash stay")
    func patterns() throws {
        guard case .condition(.text(.title, .matches(let pattern))) = try Self.parse(#"title ~ "^\[ad\] \d+""#) else {
            Issue.record("not a pattern condition")
            return
        }
        #expect(pattern.source == #"^\[ad\] \d+"#)
        #expect(TextTest.matches(pattern).holds(for: "[AD] 42 things"))
        #expect(try Self.parse(#"title ~ 'a\\b'"#) == .condition(.text(.title, .matches(try FilterPattern(#"a\b"#)))))
    }

    @Test("every field lists the operators it takes, and only those parse")
    func operatorsPerField() throws {
        for field in ArticleFilter.Field.allCases {
            for comparison in ArticleFilter.Operator.allCases {
                let value = field == .age ? "1d" : field == .unread || field == .starred ? "true" : "x"
                let text = "\(field.rawValue) \(comparison.rawValue) \(value)"
                if field.operators.contains(comparison) {
                    #expect(throws: Never.self, "\(text)") { try ArticleFilter(text) }
                } else {
                    #expect(
                        throws: FilterProblem(
                            column: field.rawValue.count + 2, kind: .operatorNotAllowed(comparison, field: field))
                    ) {
                        try ArticleFilter(text)
                    }
                }
            }
        }
    }

    static let mistakes: [(String, Int, FilterProblem.Kind)] = [
        ("", 1, .empty),
        ("   ", 1, .empty),
        ("titel contains x", 1, .unknownField("titel")),
        ("unread and titel contains x", 12, .unknownField("titel")),
        ("title", 6, .expected(.comparison(.title), found: nil)),
        ("title 'x'", 7, .expected(.comparison(.title), found: "\"x\"")),
        ("title contains", 15, .expected(.value, found: nil)),
        ("title contains )", 16, .expected(.value, found: ")")),
        ("title < 3", 7, .operatorNotAllowed(.lessThan, field: .title)),
        ("age contains 3", 5, .operatorNotAllowed(.contains, field: .age)),
        ("unread ~ x", 8, .operatorNotAllowed(.matches, field: .unread)),
        ("age > 7", 7, .notADuration("7")),
        ("age > 7x", 7, .notADuration("7x")),
        ("age > 'd'", 7, .notADuration("\"d\"")),
        ("unread = maybe", 10, .notAMark("maybe")),
        ("title <= x", 7, .unknownOperator("<=")),
        ("title == x", 7, .unknownOperator("==")),
        ("title ! x", 7, .unknownOperator("!")),
        ("title contains \"abc", 16, .unterminatedString),
        ("title contains 'it''s'", 20, .expected(.connective, found: "\"s\"")),
        ("(unread", 8, .expected(.closingParenthesis(openedAt: 1), found: nil)),
        ("unread and (starred or (unread)", 32, .expected(.closingParenthesis(openedAt: 12), found: nil)),
        ("unread starred", 8, .expected(.connective, found: "starred")),
        ("unread)", 7, .expected(.connective, found: ")")),
        ("unread and", 11, .expected(.condition, found: nil)),
        ("and unread", 1, .expected(.condition, found: "and")),
        ("unread or or starred", 11, .expected(.condition, found: "or")),
        (")", 1, .expected(.condition, found: ")")),
        ("not", 4, .expected(.condition, found: nil)),
        ("'title' contains x", 1, .expected(.condition, found: "\"title\"")),
        ("title ~ \"(ab\"", 10, .badPattern(.unclosedGroup)),
        ("title ~ \"ab)\"", 12, .badPattern(.unopenedGroup)),
        ("title ~ \"\\\"(x\"", 12, .badPattern(.unclosedGroup)),
        ("title ~ \"a\\1\"", 11, .badPattern(.unknownEscape("\\1"))),
        ("title ~ ab\\", 11, .badPattern(.trailingBackslash)),
        ("title ~ \"x(?=y)\"", 11, .badPattern(.unsupportedGroup)),
        ("title ~ \"ж{3,1}\"", 11, .badPattern(.reversedRepetition)),
        // Every other fault of the regular-expression engine, with its limit, as the filter's problem.
        ("title ~ " + String(repeating: "a", count: 501), 509, .badPattern(.tooLong(limit: 500))),
        ("title ~ \"(a{100}){100}\"", 10, .badPattern(.tooComplex(limit: 2_000))),
        ("title ~ \"[ab\"", 10, .badPattern(.unclosedClass)),
        ("title ~ \"x[z-a]\"", 12, .badPattern(.reversedRange)),
        ("title ~ \"*a\"", 10, .badPattern(.nothingToRepeat)),
        ("title ~ \"a{1001}\"", 11, .badPattern(.repetitionTooLarge(limit: 1_000))),
        ("title ~ \"(?x)a\"", 12, .badPattern(.unknownFlag("x"))),
        ("title ~ \"[[:alfa:]]\"", 11, .badPattern(.unknownClassName("alfa"))),
    ]

    @Test("each mistake is reported at its column", arguments: mistakes.indices)
    func mistakeAtItsColumn(index: Int) {
        let (text, column, kind) = Self.mistakes[index]
        #expect(throws: FilterProblem(column: column, kind: kind), "\(text)") { try ArticleFilter(text) }
    }

    @Test("an expression is bounded in length, conditions and depth")
    func bounds() throws {
        let long = String(repeating: "unread or ", count: 201) + "unread"
        #expect(throws: FilterProblem(column: 2_001, kind: .tooLong(limit: 2_000))) { try ArticleFilter(long) }
        let many = Array(repeating: "unread", count: 101).joined(separator: " or ")
        #expect(throws: FilterProblem(column: 1 + 100 * 10, kind: .tooManyConditions(limit: 100))) {
            try ArticleFilter(many)
        }
        _ = try ArticleFilter(Array(repeating: "unread", count: 100).joined(separator: " or "))
        let nots = String(repeating: "not ", count: 33) + "unread"
        #expect(throws: FilterProblem(column: 129, kind: .tooDeep(limit: 32))) { try ArticleFilter(nots) }
        let parentheses = String(repeating: "(", count: 33) + "unread" + String(repeating: ")", count: 33)
        #expect(throws: FilterProblem(column: 33, kind: .tooDeep(limit: 32))) { try ArticleFilter(parentheses) }
        _ = try ArticleFilter(String(repeating: "(", count: 32) + "unread" + String(repeating: ")", count: 32))
    }

    @Test("a filter is coded as its text (and its own now), and decoding parses the text again")
    func coding() throws {
        var filter = try ArticleFilter("tag = News and age < 1d")
        filter.now = Date(timeIntervalSince1970: 1_750_000_000)
        let data = try JSONEncoder().encode(filter)
        #expect(try JSONDecoder().decode(ArticleFilter.self, from: data) == filter)
        let broken = Data(#"{"text": "titel contains x"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ArticleFilter.self, from: broken) }
        #expect(try JSONDecoder().decode(ArticleFilter.self, from: Data(#"{"text": "unread"}"#.utf8)).text == "unread")
    }
}
