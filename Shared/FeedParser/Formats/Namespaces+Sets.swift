extension Namespaces {
    /// Namespaces whose unprefixed RSS vocabulary we read (plain RSS 0.9x/2.0, RSS 1.0 and 0.90).
    static let rssCore = NamespaceSet(["", rss10, rss090])
    /// Atom 1.0 and 0.3.
    static let anyAtom = NamespaceSet([atom, atom03])
}

/// A few namespace keys, tested for membership by comparing short strings one after the other: cheaper than
/// hashing for the two or three keys a set holds, and asked for every element a mapper looks at.
struct NamespaceSet: Sendable {
    private let keys: [String]

    init(_ keys: [String]) {
        self.keys = keys
    }

    func contains(_ key: String) -> Bool {
        for candidate in keys where candidate == key { return true }
        return false
    }
}
