public import Foundation

/// Unread and starred totals, overall and per source: what prompts and source tables show.
public struct ArticleCounts: Sendable, Equatable, Codable {
    /// Every article stored.
    public internal(set) var total = 0
    /// Articles not read yet.
    public internal(set) var unread = 0
    /// Starred articles.
    public internal(set) var starred = 0
    /// Unread articles per source (sources with none may be missing).
    public internal(set) var unreadBySource: [UUID: Int] = [:]

    /// No articles.
    init() {}

    init(total: Int, unread: Int, starred: Int, unreadBySource: [UUID: Int]) {
        self.total = total
        self.unread = unread
        self.starred = starred
        self.unreadBySource = unreadBySource
    }

    /// The unread count of `source`.
    public func unread(in source: UUID) -> Int {
        unreadBySource[source] ?? 0
    }

}
