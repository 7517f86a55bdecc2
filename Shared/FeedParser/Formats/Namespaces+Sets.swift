extension Namespaces {
    /// Namespaces whose unprefixed RSS vocabulary we read (plain RSS 0.9x/2.0, RSS 1.0 and 0.90).
    static let rssCore: Set<String> = ["", rss10, rss090]
    /// Atom 1.0 and 0.3.
    static let anyAtom: Set<String> = [atom, atom03]
    static let dcOnly: Set<String> = [dc]
    static let dctermsOnly: Set<String> = [dcterms]
    static let contentOnly: Set<String> = [content]
    static let mediaOnly: Set<String> = [media]
    static let itunesOnly: Set<String> = [itunes]
    static let xhtmlOnly: Set<String> = [xhtml]
}
