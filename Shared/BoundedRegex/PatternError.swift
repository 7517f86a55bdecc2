/// Why a pattern was refused, and where: what ``BoundedPattern/init(_:)`` throws.
public struct PatternError: Error, Sendable, Equatable {
    /// What is wrong with a pattern. The syntax is RE2's without what cannot run in bounded time: no
    /// backreferences, no lookaround.
    public enum Fault: Sendable, Equatable {
        /// The pattern is longer than this many Unicode scalars.
        case tooLong(limit: Int)
        /// The pattern, with its repetitions spelt out, needs more than this many steps per scalar of text.
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
        /// A `\` ends the pattern.
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

    /// Where the fault is, in Unicode scalars from the pattern's start.
    public let offset: Int
    /// What the fault is.
    public let fault: Fault

    init(offset: Int, fault: Fault) {
        self.offset = offset
        self.fault = fault
    }
}
