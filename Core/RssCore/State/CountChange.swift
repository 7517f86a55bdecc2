import Foundation

/// How one write changed the counts, counted from the rows it changed in its own transaction: exact whatever
/// the lists show, and independent of the order writes finish in, so changes can be added up as they come.
struct CountChange: Sendable, Equatable {
    /// Articles stored (negative: removed).
    var total = 0
    /// Unread articles gained (negative: lost), per source.
    var unreadBySource: [UUID: Int] = [:]
    /// Starred articles gained (negative: lost).
    var starred = 0
    /// Duplicates gained (negative: lost), already counted above as articles of their sources (see
    /// ``StoryDuplicates``).
    var duplicates = StoryDuplicates()

    init(total: Int = 0, unreadBySource: [UUID: Int] = [:], starred: Int = 0, duplicates: StoryDuplicates = StoryDuplicates()) {
        self.total = total
        self.unreadBySource = unreadBySource
        self.starred = starred
        self.duplicates = duplicates
    }

    /// Unread articles gained (negative: lost), over all sources.
    var unread: Int { unreadBySource.values.reduce(0, +) }

    var isEmpty: Bool {
        total == 0 && starred == 0 && unreadBySource.values.allSatisfy { $0 == 0 } && duplicates.isZero
    }
}

extension CountChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case total, unreadBySource, starred, duplicates
    }

    /// Reads a change as journals hold it; journals from before stories have no duplicates.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        total = try container.decode(Int.self, forKey: .total)
        unreadBySource = try container.decode([UUID: Int].self, forKey: .unreadBySource)
        starred = try container.decode(Int.self, forKey: .starred)
        duplicates = try container.decodeIfPresent(StoryDuplicates.self, forKey: .duplicates) ?? StoryDuplicates()
    }
}

extension ArticleCounts {
    /// Adds `change`.
    mutating func apply(_ change: CountChange) {
        articles.total = max(0, articles.total + change.total)
        articles.starred = max(0, articles.starred + change.starred)
        for (source, delta) in change.unreadBySource where delta != 0 {
            articles.unread = max(0, articles.unread + delta)
            let count = max(0, (unreadBySource[source] ?? 0) + delta)
            unreadBySource[source] = count == 0 ? nil : count
        }
        duplicates.total = max(0, duplicates.total + change.duplicates.total)
        duplicates.unread = max(0, duplicates.unread + change.duplicates.unread)
        duplicates.starred = max(0, duplicates.starred + change.duplicates.starred)
    }
}
