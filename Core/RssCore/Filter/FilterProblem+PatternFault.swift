import BoundedRegex

extension FilterProblem {
    /// What is wrong with the regular expression of a `~` condition. The syntax is RE2's (as in Go and
    /// Miniflux rules) without what cannot run in bounded time: no backreferences, no lookaround.
    public enum PatternFault: Sendable, Equatable, Hashable {
        /// The expression is longer than this many characters.
        case tooLong(limit: Int)
        /// The expression, with its repetitions spelt out, needs more than this many steps per character.
        case tooComplex(limit: Int)
        /// A `(` is never closed.
        case unclosedGroup
        /// A `)` closes no group.
        case unopenedGroup
        /// A `[` is never closed.
        case unclosedClass
        /// A range whose end comes before its start (`[z-a]`).
        case reversedRange
        /// `*`, `+`, `?` or `{n}` follows nothing that can repeat.
        case nothingToRepeat
        /// A `{n,m}` count above this limit.
        case repetitionTooLarge(limit: Int)
        /// A `{n,m}` whose `m` is below its `n`.
        case reversedRepetition
        /// A `\` ends the expression.
        case trailingBackslash
        /// An escape that means nothing here, or a backreference (`\1`), which is not supported; as written.
        case unknownEscape(String)
        /// A group kind that is not supported: lookahead, lookbehind, atomic groups (`(?=`, `(?<=`, `(?>`).
        case unsupportedGroup
        /// A flag other than `i`, `m` and `s` in `(?flags)`, or flags other than at the very start; as written.
        case unknownFlag(String)
        /// A `[[:name:]]` class that does not exist; the name as written.
        case unknownClassName(String)
    }
}

extension FilterProblem.PatternFault {
    /// The problem the regular-expression engine's `fault` is, for the fronts to word.
    init(_ fault: PatternError.Fault) {
        switch fault {
        case .tooLong(let limit): self = .tooLong(limit: limit)
        case .tooComplex(let limit): self = .tooComplex(limit: limit)
        case .unclosedGroup: self = .unclosedGroup
        case .unopenedGroup: self = .unopenedGroup
        case .unclosedClass: self = .unclosedClass
        case .reversedRange: self = .reversedRange
        case .nothingToRepeat: self = .nothingToRepeat
        case .repetitionTooLarge(let limit): self = .repetitionTooLarge(limit: limit)
        case .reversedRepetition: self = .reversedRepetition
        case .trailingBackslash: self = .trailingBackslash
        case .unknownEscape(let escape): self = .unknownEscape(escape)
        case .unsupportedGroup: self = .unsupportedGroup
        case .unknownFlag(let flag): self = .unknownFlag(flag)
        case .unknownClassName(let name): self = .unknownClassName(name)
        }
    }
}
