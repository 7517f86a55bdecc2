/// A readable difference between two values, for failure messages.
///
/// Both values are dumped; the lines they share at the start and at the end are dropped and the differing
/// middle is shown with a little context, `-` for expected and `+` for actual. Linear in the size of the
/// dumps, so a large state still gives a short message.
enum StateDiff {
    static func describe<T>(expected: T, actual: T, contextLines: Int = 2, maxLines: Int = 40) -> String {
        let lhs = lines(of: expected)
        let rhs = lines(of: actual)
        var prefix = 0
        while prefix < lhs.count, prefix < rhs.count, lhs[prefix] == rhs[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < lhs.count - prefix, suffix < rhs.count - prefix,
            lhs[lhs.count - 1 - suffix] == rhs[rhs.count - 1 - suffix]
        {
            suffix += 1
        }
        if prefix == lhs.count, prefix == rhs.count {
            return "  (values dump identically but compare unequal)"
        }
        var out: [String] = []
        for line in lhs[max(0, prefix - contextLines)..<prefix] { out.append("  " + line) }
        for line in lhs[prefix..<(lhs.count - suffix)].prefix(maxLines) { out.append("- " + line) }
        for line in rhs[prefix..<(rhs.count - suffix)].prefix(maxLines) { out.append("+ " + line) }
        let tailStart = lhs.count - suffix
        for line in lhs[tailStart..<min(lhs.count, tailStart + contextLines)] { out.append("  " + line) }
        return out.joined(separator: "\n")
    }

    private static func lines<T>(of value: T) -> [Substring] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}
