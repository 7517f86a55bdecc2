/// Articles counted three ways: all of them, the unread and the starred (hidden articles count nowhere).
struct ArticleTally: Sendable, Equatable, Hashable, Codable {
    var total = 0
    var unread = 0
    var starred = 0

    static func + (a: Self, b: Self) -> Self {
        ArticleTally(total: a.total + b.total, unread: a.unread + b.unread, starred: a.starred + b.starred)
    }

    static func - (a: Self, b: Self) -> Self {
        ArticleTally(total: a.total - b.total, unread: a.unread - b.unread, starred: a.starred - b.starred)
    }

    var isZero: Bool { total == 0 && unread == 0 && starred == 0 }
}

/// A source's duplicates (see ``FeedSchema/createStories(_:)``): the copies of stories another source's copy
/// stands for in the lists, counted so that the totals count each story once.
typealias StoryDuplicates = ArticleTally
