extension Namespaces {
    /// Namespaces whose unprefixed RSS vocabulary we read (plain RSS 0.9x/2.0, RSS 1.0 and 0.90).
    static let rssCore: Set<String> = ["", rss10, rss090]
    /// Atom 1.0 and 0.3.
    static let anyAtom: Set<String> = [atom, atom03]
}
