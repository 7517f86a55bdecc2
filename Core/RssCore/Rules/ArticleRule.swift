public import Foundation

/// A rule: what to do to the articles a filter selects, as soon as they arrive and whenever asked
/// (``ApplyRule``), like newsboat's `ignore-article` or Miniflux's block rules.
///
/// Rules are kept in the database, so every front and every process applies the same ones: the merge of a
/// fetch applies them to the new articles in the transaction that stores them, so no article is ever seen
/// before its rules ran. A starred article is never hidden or deleted by a rule, and rules run by action,
/// `star` first, so that a rule starring an article protects it from the others.
///
/// ```swift
/// let ads = ArticleRule(name: "ads", filter: try ArticleFilter("title ~ \"^\\[ad\\]\""), action: .hide)
/// store.dispatch(AddRule(ads))
/// ```
public struct ArticleRule: Sendable, Equatable, Hashable, Codable, Identifiable {
    /// What a rule does to the articles it selects.
    public enum Action: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// Marks them read.
        case read
        /// Hides them from every list and count, and marks them read; they stay stored.
        case hide
        /// Stars them.
        case star
        /// Deletes them; a fetch still listing them does not bring them back.
        case delete

        /// The order rules run in: stars first (a starred article is never hidden or deleted), deletions last.
        var rank: Int {
            switch self {
            case .star: 0
            case .read: 1
            case .hide: 2
            case .delete: 3
            }
        }
    }

    /// Which sources' articles a rule looks at.
    public enum Scope: Sendable, Equatable, Hashable, Codable {
        /// Every source's.
        case all
        /// One source's.
        case source(UUID)
        /// The articles of the sources filed under this tag (exactly as written).
        case tag(String)
    }

    /// The rule's name: unique, case ignored (adding a rule with a name in use replaces that rule).
    public let name: String
    /// Which articles it selects.
    public let filter: ArticleFilter
    /// What it does to them.
    public let action: Action
    /// Whose articles it looks at.
    public let scope: Scope

    /// The identifier: the name, case folded.
    public var id: String { ArticleRule.key(name) }

    /// A rule named `name` doing `action` to the articles of `scope` that `filter` selects.
    public init(name: String, filter: ArticleFilter, action: Action, scope: Scope = .all) {
        self.name = name
        self.filter = filter
        self.action = action
        self.scope = scope
    }

    /// How names are compared: case ignored.
    static func key(_ name: String) -> String { name.lowercased() }
}
