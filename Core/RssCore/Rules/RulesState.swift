/// The rules and saved queries, as stored, each sorted by name (case ignored).
public struct RulesState: Sendable, Equatable, Codable {
    /// Every rule.
    public internal(set) var rules: [ArticleRule] = []
    /// Every saved query.
    public internal(set) var queries: [SavedQuery] = []

    /// No rules, no queries.
    init() {}

    /// The rule named `name` (case ignored).
    public func rule(named name: String) -> ArticleRule? {
        rules.first { $0.id == ArticleRule.key(name) }
    }

    /// The saved query named `name` (case ignored).
    public func query(named name: String) -> SavedQuery? {
        queries.first { $0.id == ArticleRule.key(name) }
    }

    /// Adds `rule`, replacing the one of the same name.
    mutating func put(_ rule: ArticleRule) {
        rules.removeAll { $0.id == rule.id }
        rules.append(rule)
        rules.sort { $0.id < $1.id }
    }

    /// Adds `query`, replacing the one of the same name.
    mutating func put(_ query: SavedQuery) {
        queries.removeAll { $0.id == query.id }
        queries.append(query)
        queries.sort { $0.id < $1.id }
    }

    /// Removes the rule named `name` (case ignored); false when there is none.
    mutating func removeRule(named name: String) -> Bool {
        Self.remove(named: name, from: &rules)
    }

    /// Removes the saved query named `name` (case ignored); false when there is none.
    mutating func removeQuery(named name: String) -> Bool {
        Self.remove(named: name, from: &queries)
    }

    private static func remove<Element: Identifiable<String>>(named name: String, from list: inout [Element]) -> Bool {
        let key = ArticleRule.key(name)
        guard list.contains(where: { $0.id == key }) else { return false }
        list.removeAll { $0.id == key }
        return true
    }
}
