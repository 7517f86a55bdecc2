import Foundation
import Testing

@testable import BoundedRegex

/// Bounded patterns: the same answers as ICU's regular expressions (Foundation's `NSRegularExpression`, case
/// ignored) on the syntax both share, faults at their offsets, and linear time where ICU backtracks.
@Suite("Bounded patterns")
struct PatternTests {
    static let patterns = [
        "swift", "^swift", "swift$", "sw.ft", "colou?r", "go+gle", "a{2,3}b", "a{2}b", "a{2,}b", "(foo|bar)baz",
        "(?:ab)+c", "[a-c]x", "[^a-c]x", "[[:digit:]]+-", "\\d{4}-\\d{2}", "\\bcat\\b", "\\Bcat", "\\w+@\\w+\\.org",
        "\\s\\S", "(?-i)Swift", "(?i)SWIFT", "x*", "a|", "\\Qa.b\\E", "[.]b", "a.c", "\\x41", "\\x{263A}",
        "[\\]]", "[a-]", "(?s)a.b", "(?m)^b", "новости", "[А-Я]+ дня", "ПУТИН", "(a+)+$", "(a|aa)*c",
        "^(\\w+\\s?)*$", "(?-i:S)wift", "[^\\d\\s]+", "\\D\\W", "fox|dog|cat", "(?<year>\\d{4})", "a{0}b",
        "a??b", "a+?b", "^$", "\\Aswift", "fox\\z", "[[:upper:]][[:lower:]]+", "(?i)[^a-z]", "Ω", "[[:^alpha:]]",
    ]

    static let subjects = [
        "Swift 6 is out", "SWIFT", "the swift fox", "color colour", "google goooogle", "aab aaab", "foobaz barbaz",
        "ababc", "bx dx", "2024-05-01", "a cat scattered", "ann@example.org", "a.b", "A☺", "]", "-", "a\nb",
        "line\nb", "Новости дня", "ПУТИН", "путин", "aaaaaaaaaaaa!", "", "b", "xyz", "Fox", "ω", "12 Ab",
    ]

    @Test("every pattern answers as ICU does on every subject", arguments: patterns)
    func agreesWithICU(pattern: String) throws {
        let ours = try BoundedPattern(pattern)
        let icu = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        for subject in Self.subjects {
            let range = NSRange(subject.startIndex..., in: subject)
            let expected = icu.firstMatch(in: subject, range: range) != nil
            #expect(ours.matches(subject) == expected, "\(pattern) on \(subject.debugDescription)")
        }
    }

    static let faults: [(String, Int, PatternError.Fault)] = [
        ("(ab", 0, .unclosedGroup), ("ab)", 2, .unopenedGroup), ("[ab", 0, .unclosedClass),
        ("x[z-a]", 2, .reversedRange), ("*a", 0, .nothingToRepeat), ("a**", 2, .nothingToRepeat),
        ("a|+", 2, .nothingToRepeat), ("(?i)*", 4, .nothingToRepeat), ("a{1001}", 1, .repetitionTooLarge(limit: 1_000)),
        ("a{3,1}", 1, .reversedRepetition), ("ab\\", 2, .trailingBackslash), ("(a)\\1", 3, .unknownEscape("\\1")),
        ("\\y", 0, .unknownEscape("\\y")), ("a(?=b)", 1, .unsupportedGroup), ("(?<!a)b", 0, .unsupportedGroup),
        ("(?>a)", 0, .unsupportedGroup), ("(?x)a", 2, .unknownFlag("x")), ("[[:alfa:]]", 1, .unknownClassName("alfa")),
        ("(a{100}){100}", 0, .tooComplex(limit: PatternProgram.maximumSize)), ("\\x{zz}", 0, .unknownEscape("\\x{zz}")),
        ("\\x{41", 0, .unknownEscape("\\x{41")), ("\\xg", 0, .unknownEscape("\\xg")), ("(?i", 3, .unclosedGroup),
    ]

    @Test("a fault is reported where it is", arguments: faults.indices)
    func faultAtItsOffset(index: Int) {
        let (pattern, offset, fault) = Self.faults[index]
        #expect(throws: PatternError(offset: offset, fault: fault)) { try BoundedPattern(pattern) }
    }

    @Test("what ICU reads otherwise: the empty pattern, RE2's named groups, a class after a dash")
    func beyondICU() throws {
        #expect(try BoundedPattern("").matches(""))
        #expect(try BoundedPattern("").matches("anything"))
        #expect(try BoundedPattern("(?P<year>\\d{4})-").matches("in 2024-05"))
        #expect(try !BoundedPattern("(?P<year>\\d{4})-").matches("in 24-05"))
        #expect(try BoundedPattern("[\\d-z]").matches("-"))
        #expect(try BoundedPattern("[\\d-z]").matches("Z"))
        #expect(try !BoundedPattern("[\\d-z]").matches("y"))
    }

    @Test("a pattern is at most 500 scalars")
    func lengthBound() throws {
        _ = try BoundedPattern(String(repeating: "a", count: BoundedPattern.maximumLength))
        #expect(throws: PatternError(offset: 500, fault: .tooLong(limit: 500))) {
            try BoundedPattern(String(repeating: "a", count: BoundedPattern.maximumLength + 1))
        }
    }

    @Test("patterns that make a backtracking engine take exponential time end at once", .timeLimit(.minutes(5)))
    func noCatastrophicBacktracking() throws {
        let text = String(repeating: "a", count: 60_000) + "!"
        for pattern in ["(a+)+$", "(a|aa)*c", "^(\\w+\\s?)*$", "(a*)*b", "(?:a|a)*\\d"] {
            #expect(try !BoundedPattern(pattern).matches(text), "\(pattern)")
        }
        #expect(try BoundedPattern("(a+)+!").matches(text))
    }

    @Test("a match reads the first 65,536 scalars of a text")
    func subjectBound() throws {
        let text = String(repeating: "a", count: BoundedPattern.subjectLimit) + "needle"
        #expect(try !BoundedPattern("needle").matches(text))
        #expect(try BoundedPattern("needle").matches(String(text.dropFirst(6))))
    }
}
