/// The flags a pattern can set with `(?flags)` or `(?flags:…)`.
struct PatternFlags: Equatable {
    /// `i`: letters match either case.
    var ignoresCase: Bool
    /// `m`: `^` and `$` match at line breaks too.
    var multiline = false
    /// `s`: `.` matches a line feed too.
    var dotMatchesNewline = false
}
