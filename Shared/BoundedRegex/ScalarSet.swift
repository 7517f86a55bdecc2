/// A character class (`[a-z0-9]`, `[^,]`, `\w`, `[[:alpha:]]`) and the per-scalar tests the matcher shares.
///
/// Classes are Unicode-aware: `\w` and `\d` take letters and digits of every script, so a class works on a
/// Russian feed as on an English one.
struct ScalarSet: Sendable, Equatable {
    /// One member of a class.
    enum Item: Sendable, Equatable {
        /// The scalars from `lower` to `upper`, both included.
        case range(UInt32, UInt32)
        /// A named kind of scalar (`\d`, `[:alpha:]`), or everything but it.
        case kind(Kind, negated: Bool)
    }

    /// The named kinds: the escapes `\d`, `\w`, `\s` and the POSIX names inside `[[:…:]]`.
    enum Kind: String, Sendable, Equatable, CaseIterable {
        case alpha, alnum, ascii, blank, cntrl, digit, lower, punct, space, upper, word, xdigit
    }

    var items: [Item]
    /// `[^…]`: every scalar the items do not take.
    var negated = false

    /// Whether `scalar` is in the class; ignoring case, its lower- and upper-case forms count too, so `[A-Z]`
    /// takes `q` and `[^a-z]` does not take `Q`.
    func contains(_ scalar: Unicode.Scalar, ignoringCase: Bool) -> Bool {
        var found = items.contains { $0.contains(scalar) }
        if !found, ignoringCase {
            let lower = Self.fold(scalar)
            let upper = Self.upper(scalar)
            found =
                (lower != scalar && items.contains { $0.contains(lower) })
                || (upper != scalar && items.contains { $0.contains(upper) })
        }
        return found != negated
    }

    /// Whether `scalar` is a word character (`\w`): a letter, a mark, a decimal digit or a connector such as
    /// `_`; nil (either end of the text) is not.
    static func isWord(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x5F
        }
        switch scalar.properties.generalCategory {
        case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
        default: return scalar.properties.isAlphabetic
        }
    }

    /// The simple lower-case form of `scalar` (itself when it has none, or when lowering it takes several
    /// scalars): how the matcher folds the text and a case-insensitive pattern's literals.
    static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar
        }
        guard scalar.properties.changesWhenLowercased else { return scalar }
        return single(scalar.properties.lowercaseMapping) ?? scalar
    }

    /// The simple upper-case form of `scalar`, for class tests that ignore case.
    static func upper(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return (0x61...0x7A).contains(scalar.value) ? Unicode.Scalar(UInt8(scalar.value) & ~0x20) : scalar
        }
        guard scalar.properties.changesWhenUppercased else { return scalar }
        return single(scalar.properties.uppercaseMapping) ?? scalar
    }

    private static func single(_ mapping: String) -> Unicode.Scalar? {
        var scalars = mapping.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}

extension ScalarSet.Item {
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .range(let lower, let upper): (lower...upper).contains(scalar.value)
        case .kind(let kind, let negated): kind.contains(scalar) != negated
        }
    }
}

extension ScalarSet.Kind {
    /// Whether `scalar` is of this kind.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        let properties = scalar.properties
        switch self {
        case .alpha: return properties.isAlphabetic
        case .alnum: return properties.isAlphabetic || Self.digit.contains(scalar)
        case .ascii: return scalar.isASCII
        case .blank: return value == 0x20 || value == 0x09
        case .cntrl: return properties.generalCategory == .control
        case .digit:
            return scalar.isASCII ? (0x30...0x39).contains(value) : properties.generalCategory == .decimalNumber
        case .lower: return properties.isLowercase
        case .punct:
            if scalar.isASCII { return (0x21...0x7E).contains(value) && !ScalarSet.isWord(scalar) || value == 0x5F }
            switch properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                return true
            default: return false
            }
        case .space: return properties.isWhitespace
        case .upper: return properties.isUppercase
        case .word: return ScalarSet.isWord(scalar)
        case .xdigit:
            return (0x30...0x39).contains(value) || (0x41...0x46).contains(value) || (0x61...0x66).contains(value)
        }
    }
}
