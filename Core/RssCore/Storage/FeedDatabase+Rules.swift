import Foundation
import GRDB
import ReduxVM

/// Rules and saved queries as stored: one row each, keyed by the name case folded.
extension FeedDatabase {
    /// Every rule and saved query, sorted by name.
    func loadRules() throws(DatabaseProblem) -> RulesState {
        try read(.loadSettings) { db in
            var state = RulesState()
            for rule in try Self.rules(db) { state.put(rule) }
            for row in try Row.fetchAll(db, sql: "SELECT name, filter FROM saved_query") {
                // A query written by a later version in words this one does not know is left out, as a rule is.
                guard let filter = RuleFilterCache.filter(row["filter"]) else { continue }
                state.put(SavedQuery(name: row["name"], filter: filter))
            }
            return state
        }
    }

    /// Stores `rule`, replacing the rule of the same name.
    func saveRule(_ rule: ArticleRule) throws(DatabaseProblem) {
        var source: String?
        var tag: String?
        switch rule.scope {
        case .all: break
        case .source(let id): source = id.uuidString
        case .tag(let name): tag = name
        }
        try write(.saveRule) { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO rule (key, name, filter, action, sourceId, tag) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [rule.id, rule.name, rule.filter.text, rule.action.rawValue, source, tag])
        }
    }

    /// Stores `query`, replacing the query of the same name.
    func saveQuery(_ query: SavedQuery) throws(DatabaseProblem) {
        try write(.saveRule) { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO saved_query (key, name, filter) VALUES (?, ?, ?)",
                arguments: [query.id, query.name, query.filter.text])
        }
    }

    /// Removes the rule (or, with `query`, the saved query) named `name`; returns whether there was one.
    @discardableResult
    func removeRule(named name: String, query: Bool = false) throws(DatabaseProblem) -> Bool {
        try write(.saveRule) { db in
            try db.execute(
                sql: "DELETE FROM \(query ? "saved_query" : "rule") WHERE key = ?", arguments: [ArticleRule.key(name)])
            return db.changesCount > 0
        }
    }

    /// The stored rules, in the order they run (``ArticleRule/Action/rank``, then by name); rules whose
    /// filter this version cannot read are left out. Parsed filters are cached by their text.
    static func rules(_ db: Database) throws -> [ArticleRule] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT key, name, filter, action, sourceId, tag FROM rule ORDER BY key"))
        return rows.compactMap { row -> ArticleRule? in
            guard let action = ArticleRule.Action(rawValue: row["action"]),
                let filter = RuleFilterCache.filter(row["filter"])
            else { return nil }
            let scope: ArticleRule.Scope =
                if let source = (row["sourceId"] as String?).flatMap(UUID.init(uuidString:)) {
                    .source(source)
                } else if let tag = row["tag"] as String? {
                    .tag(tag)
                } else {
                    .all
                }
            return ArticleRule(name: row["name"], filter: filter, action: action, scope: scope)
        }.sorted { ($0.action.rank, $0.id) < ($1.action.rank, $1.id) }
    }
}

/// Filters parsed from the rule table, by text: a refresh merges many feeds, each reading the rules, and a
/// filter is parsed once. Bounded: emptied when full.
enum RuleFilterCache {
    private static let cache = Locked<[String: ArticleFilter]>([:])
    private static let limit = 512

    /// The filter `text` is, nil when it does not parse (written by a later version).
    static func filter(_ text: String) -> ArticleFilter? {
        if let known = cache.withLock({ $0[text] }) { return known }
        // A rule this version cannot read is skipped rather than failing every merge.
        guard let filter = try? ArticleFilter(text) else { return nil }
        cache.withLock { cache in
            if cache.count >= limit { cache.removeAll() }
            cache[text] = filter
        }
        return filter
    }
}
