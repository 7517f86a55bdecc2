import Foundation

/// How one write changed the counts, counted from the rows it changed in its own transaction: exact whatever
/// the lists show, and independent of the order writes finish in, so changes can be added up as they come.
struct CountChange: Sendable, Equatable, Codable {
    /// Articles stored (negative: removed).
    var total = 0
    /// Unread articles gained (negative: lost), per source.
    var unreadBySource: [UUID: Int] = [:]
    /// Starred articles gained (negative: lost).
    var starred = 0

    /// Unread articles gained (negative: lost), over all sources.
    var unread: Int { unreadBySource.values.reduce(0, +) }

    var isEmpty: Bool { total == 0 && starred == 0 && unreadBySource.values.allSatisfy { $0 == 0 } }
}

extension ArticleCounts {
    /// Adds `change`.
    mutating func apply(_ change: CountChange) {
        total = max(0, total + change.total)
        starred = max(0, starred + change.starred)
        for (source, delta) in change.unreadBySource where delta != 0 {
            unread = max(0, unread + delta)
            let count = max(0, (unreadBySource[source] ?? 0) + delta)
            unreadBySource[source] = count == 0 ? nil : count
        }
    }
}
