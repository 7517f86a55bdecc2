/// Reading the words of common argument shapes, with the usage errors every command words the same way.
extension ReplCommand {
    /// The rest of the line as one text (a source title with spaces), or nil when nothing was typed.
    static func rest(_ words: [String]) -> String? {
        words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// A source named by the rest of the line; `which source?` when none.
    static func requiredSource(_ words: [String]) throws(CommandError) -> String {
        guard let text = rest(words) else { throw usage("which source?") }
        return text
    }

    /// Exactly one article number.
    static func articleNumber(_ words: [String]) throws(CommandError) -> Int {
        guard words.count == 1 else { throw usage("one article number expected") }
        guard let value = Int(words[0]), value > 0 else { throw usage("“\(words[0])” is not an article number") }
        return value
    }

    /// One or more article numbers or ranges (`2-5`).
    static func articleNumbers(_ words: [String]) throws(CommandError) -> [Int] {
        guard !words.isEmpty else { throw usage("which articles?") }
        var numbers: [Int] = []
        for word in words {
            guard let range = numberRange(word) else { throw usage("“\(word)” is not an article number or range") }
            numbers += range
        }
        return numbers
    }

    /// `3` or `2-5` (at most 500 numbers, so nothing typed can ask for millions).
    static func numberRange(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 1, let value = Int(parts[0]), value > 0 { return value...value }
        guard parts.count == 2, let low = Int(parts[0]), let high = Int(parts[1]), low > 0, high >= low,
            high - low < 500
        else { return nil }
        return low...high
    }
}

/// The argument every command naming a source declares.
extension ArgumentSpec {
    /// `SOURCE`: a number from `sources`, a title (or its start) or a URL; the rest of the line.
    static let source = ArgumentSpec(name: "SOURCE", arity: .rest, completion: .sources)
    /// `[SOURCE]`: as ``source``, or nothing for every source.
    static let optionalSource = ArgumentSpec(name: "SOURCE", arity: .optionalRest, completion: .sources)
    /// `N`: one number from the last list shown.
    static let articleNumber = ArgumentSpec(name: "N", arity: .required, completion: .articleNumbers)
    /// `N…`: numbers or ranges from the last list shown.
    static let articleNumbers = ArgumentSpec(name: "N", arity: .repeating, completion: .articleNumbers)
}

/// The help detail every command naming a source shares.
extension CommandSpec {
    static let sourceDetails = "SOURCE is a number from `sources`, a title (or its start) or a URL."
    static let tagDetails = "#TAG in place of SOURCE means the sources filed under that tag (Tab completes tags)."
    static let numberDetails = "N is a number from the last list shown."
}
