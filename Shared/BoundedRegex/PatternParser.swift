/// Reads RE2's syntax (Go's, Miniflux's) into a ``PatternNode``, refusing what cannot run in bounded time.
///
/// Recursive descent over the pattern's scalars; groups nest at most ``maximumDepth`` deep, so that no
/// pattern can exhaust the stack.
struct PatternParser {
    /// The largest count a `{n,m}` may give.
    static let maximumRepetition = 1_000
    /// How deep groups may nest.
    static let maximumDepth = 100

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var flags: PatternFlags
    private var depth = 0

    /// Parses `pattern`; letters match either case unless the pattern says `(?-i)`.
    static func parse(_ pattern: [Unicode.Scalar], ignoringCase: Bool) throws(PatternError) -> PatternNode {
        var parser = PatternParser(scalars: pattern, flags: PatternFlags(ignoresCase: ignoringCase))
        let node = try parser.alternation()
        if parser.index < pattern.count {
            // Only an unmatched `)` stops the top level early.
            throw PatternError(offset: parser.index, fault: .unopenedGroup)
        }
        return node
    }

    private init(scalars: [Unicode.Scalar], flags: PatternFlags) {
        self.scalars = scalars
        self.flags = flags
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        index + ahead < scalars.count ? scalars[index + ahead] : nil
    }

    private func fail(_ fault: PatternError.Fault, at offset: Int? = nil) -> PatternError {
        PatternError(offset: offset ?? index, fault: fault)
    }

    private mutating func alternation() throws(PatternError) -> PatternNode {
        var branches = [try sequence()]
        while peek == "|" {
            index += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let next = peek, next != "|", next != ")" {
            if braces(at: index) != nil || next == "*" || next == "+" || next == "?" { throw fail(.nothingToRepeat) }
            guard var item = try atom() else { continue }  // `(?i)`: flags only
            if let (min, max) = try quantifier() {
                item = .repetition(item, min: min, max: max)
                if braces(at: index) != nil || peek == "*" || peek == "+" || peek == "?" {
                    throw fail(.nothingToRepeat)
                }
            }
            items.append(item)
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
    }

    /// `*`, `+`, `?` or `{…}`, with an optional lazy `?` (a lazy repetition matches the same texts).
    private mutating func quantifier() throws(PatternError) -> (Int, Int?)? {
        let bounds: (Int, Int?)
        switch peek {
        case "*": bounds = (0, nil)
        case "+": bounds = (1, nil)
        case "?": bounds = (0, 1)
        case "{":
            guard let (min, max, length) = braces(at: index) else { return nil }
            let limit = Self.maximumRepetition
            guard min <= limit, (max ?? min) <= limit else { throw fail(.repetitionTooLarge(limit: limit)) }
            if let max, max < min { throw fail(.reversedRepetition) }
            index += length - 1
            bounds = (min, max)
        default: return nil
        }
        index += 1
        if peek == "?" { index += 1 }
        return bounds
    }

    /// `{n}`, `{n,}` or `{n,m}` at `start`: the counts and the length; nil when the brace is a literal one.
    private func braces(at start: Int) -> (Int, Int?, Int)? {
        guard start < scalars.count, scalars[start] == "{" else { return nil }
        var position = start + 1
        func number() -> Int? {
            var digits = ""
            while position < scalars.count, ("0"..."9").contains(scalars[position]), digits.count < 6 {
                digits.unicodeScalars.append(scalars[position])
                position += 1
            }
            return Int(digits)
        }
        guard let min = number() else { return nil }
        var max: Int? = min
        if position < scalars.count, scalars[position] == "," {
            position += 1
            max = number()
        }
        guard position < scalars.count, scalars[position] == "}" else { return nil }
        return (min, max, position - start + 1)
    }

    /// One item, or nil for a group that only sets flags.
    private mutating func atom() throws(PatternError) -> PatternNode? {
        guard let scalar = peek else { return .empty }
        switch scalar {
        case "(": return try group()
        case "[": return try characterClass()
        case ".":
            index += 1
            return .any(includingNewline: flags.dotMatchesNewline)
        case "^":
            index += 1
            return .assertion(.lineStart(multiline: flags.multiline))
        case "$":
            index += 1
            return .assertion(.lineEnd(multiline: flags.multiline))
        case "\\": return try escape()
        default:
            index += 1
            return literal(scalar)
        }
    }

    private func literal(_ scalar: Unicode.Scalar) -> PatternNode {
        .scalar(flags.ignoresCase ? ScalarSet.fold(scalar) : scalar, ignoringCase: flags.ignoresCase)
    }

    /// `(…)`, `(?:…)`, `(?P<name>…)`, `(?<name>…)`, `(?flags)`, `(?flags:…)`.
    private mutating func group() throws(PatternError) -> PatternNode? {
        let open = index
        index += 1
        let outer = flags
        if peek == "?" {
            index += 1
            switch peek {
            case ":": index += 1
            case "=", "!", ">": throw fail(.unsupportedGroup, at: open)
            case "<" where peek(1) == "=" || peek(1) == "!": throw fail(.unsupportedGroup, at: open)
            case "<", "P": try skipGroupName(open: open)
            default:
                if try readFlags() { return nil }
            }
        }
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail(.tooComplex(limit: Self.maximumDepth), at: open) }
        let body = try alternation()
        guard peek == ")" else { throw fail(.unclosedGroup, at: open) }
        index += 1
        depth -= 1
        flags = outer
        return body
    }

    /// `P<name>` or `<name>` of a named group (the name plays no part in matching).
    private mutating func skipGroupName(open: Int) throws(PatternError) {
        if peek == "P" { index += 1 }
        guard peek == "<" else { throw fail(.unsupportedGroup, at: open) }
        index += 1
        while let scalar = peek, scalar != ">" {
            guard ScalarSet.isWord(scalar) else { throw fail(.unsupportedGroup, at: open) }
            index += 1
        }
        guard peek == ">" else { throw fail(.unclosedGroup, at: open) }
        index += 1
    }

    /// The flags after `(?`: true when they end the group (`(?i)`, for the rest of the enclosing group), false
    /// when a body follows (`(?i:…)`, for the body alone).
    private mutating func readFlags() throws(PatternError) -> Bool {
        var negating = false
        var changed = false
        while let scalar = peek {
            switch scalar {
            case "i": flags.ignoresCase = !negating
            case "m": flags.multiline = !negating
            case "s": flags.dotMatchesNewline = !negating
            case "U": break  // ungreedy: the same texts match
            case "-" where !negating: negating = true
            case ")", ":":
                guard changed, !(negating && scalars[index - 1] == "-") else {
                    throw fail(.unknownFlag(String(scalar)))
                }
                index += 1
                return scalar == ")"
            default: throw fail(.unknownFlag(String(scalar)))
            }
            if scalar != "-" { changed = true }
            index += 1
        }
        throw fail(.unclosedGroup)
    }

    /// `[…]`, `[^…]`, with ranges, escapes and `[:name:]` classes inside.
    private mutating func characterClass() throws(PatternError) -> PatternNode {
        let open = index
        index += 1
        var set = ScalarSet(items: [])
        if peek == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let scalar = peek else { throw fail(.unclosedClass, at: open) }
            if scalar == "]", !first {
                index += 1
                break
            }
            first = false
            if scalar == "[", peek(1) == ":", let item = try posixClass() {
                set.items.append(item)
                continue
            }
            let start = index
            let item = try classItem()
            guard case .range(let lower, _) = item, peek == "-", let after = peek(1), after != "]" else {
                set.items.append(item)
                continue
            }
            index += 1
            guard case .range(let upper, _) = try classItem() else { throw fail(.reversedRange, at: start) }
            guard lower <= upper else { throw fail(.reversedRange, at: start) }
            set.items.append(.range(lower, upper))
        }
        return .set(set, ignoringCase: flags.ignoresCase)
    }

    /// `[:alpha:]` or `[:^alpha:]` at the index; nil when no `:]` closes it (then `[` is a literal).
    private mutating func posixClass() throws(PatternError) -> ScalarSet.Item? {
        var end = index + 2
        while end + 1 < scalars.count, !(scalars[end] == ":" && scalars[end + 1] == "]") { end += 1 }
        guard end + 1 < scalars.count else { return nil }
        var name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        let negated = name.hasPrefix("^")
        if negated { name.removeFirst() }
        guard let kind = ScalarSet.Kind(rawValue: name) else { throw fail(.unknownClassName(name)) }
        index = end + 2
        return .kind(kind, negated: negated)
    }

    /// One scalar (as a one-scalar range) or an escaped kind inside a class.
    private mutating func classItem() throws(PatternError) -> ScalarSet.Item {
        let scalar = scalars[index]
        guard scalar == "\\" else {
            index += 1
            return .range(scalar.value, scalar.value)
        }
        let start = index
        index += 1
        guard let escaped = peek else { throw fail(.trailingBackslash, at: start) }
        index += 1
        if let kind = Self.kindEscape(escaped) { return .kind(kind.kind, negated: kind.negated) }
        if let value = try characterEscape(escaped, start: start) { return .range(value.value, value.value) }
        throw fail(.unknownEscape("\\" + String(escaped)), at: start)
    }

    /// An escape outside a class: a kind, an assertion, a quoted run `\Q…\E` or one scalar.
    private mutating func escape() throws(PatternError) -> PatternNode {
        let start = index
        index += 1
        guard let escaped = peek else { throw fail(.trailingBackslash, at: start) }
        index += 1
        if let kind = Self.kindEscape(escaped) {
            return .set(ScalarSet(items: [.kind(kind.kind, negated: kind.negated)]), ignoringCase: false)
        }
        switch escaped {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "A": return .assertion(.textStart)
        case "z": return .assertion(.textEnd)
        case "Q":
            var quoted: [PatternNode] = []
            while let scalar = peek, !(scalar == "\\" && peek(1) == "E") {
                quoted.append(literal(scalar))
                index += 1
            }
            if peek == "\\" { index += 2 }
            return .sequence(quoted)
        default:
            if let value = try characterEscape(escaped, start: start) { return literal(value) }
            throw fail(.unknownEscape("\\" + String(escaped)), at: start)
        }
    }

    /// `\d \D \w \W \s \S`.
    private static func kindEscape(_ scalar: Unicode.Scalar) -> (kind: ScalarSet.Kind, negated: Bool)? {
        switch scalar {
        case "d": (.digit, false)
        case "D": (.digit, true)
        case "w": (.word, false)
        case "W": (.word, true)
        case "s": (.space, false)
        case "S": (.space, true)
        default: nil
        }
    }

    /// The scalar an escape of one scalar stands for (`\n`, `\x41`, `\x{263A}`, `\.`); nil when it stands for
    /// none (a letter or digit with no meaning, a backreference).
    private mutating func characterEscape(_ escaped: Unicode.Scalar, start: Int) throws(PatternError) -> Unicode.Scalar?
    {
        switch escaped {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "a": return "\u{07}"
        case "x": return try hexEscape(start: start)
        default:
            let isASCIIAlphanumeric = escaped.isASCII && ScalarSet.isWord(escaped) && escaped != "_"
            return isASCIIAlphanumeric ? nil : escaped
        }
    }

    /// `HH` or `{H…}` after `\x`.
    private mutating func hexEscape(start: Int) throws(PatternError) -> Unicode.Scalar {
        var digits = ""
        if peek == "{" {
            index += 1
            while let scalar = peek, scalar != "}", digits.count <= 6 {
                digits.unicodeScalars.append(scalar)
                index += 1
            }
            guard peek == "}" else { throw fail(.unknownEscape("\\x{" + digits), at: start) }
            index += 1
            guard let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw fail(.unknownEscape("\\x{" + digits + "}"), at: start)
            }
            return scalar
        } else {
            for _ in 0..<2 {
                guard let scalar = peek else { break }
                digits.unicodeScalars.append(scalar)
                index += 1
            }
        }
        guard !digits.isEmpty, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw fail(.unknownEscape("\\x" + digits), at: start)
        }
        return scalar
    }
}
