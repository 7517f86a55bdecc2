public import Foundation

/// Unread and starred totals, overall and per source: what prompts and source tables show.
///
/// While the lists show each story once (``Settings/showsStoriesOnce``), the totals count a story carried by
/// several sources once, as the lists of every source show it; a source's own unread count includes its copy,
/// since the story is unread in that source's list too.
public struct ArticleCounts: Sendable, Equatable {
    /// Every article stored (each story once while the lists show stories once).
    public var total: Int { max(0, articles.total - (countsStoriesOnce ? duplicates.total : 0)) }
    /// Articles not read yet (each story once while the lists show stories once).
    public var unread: Int { max(0, articles.unread - (countsStoriesOnce ? duplicates.unread : 0)) }
    /// Starred articles (each story once while the lists show stories once).
    public var starred: Int { max(0, articles.starred - (countsStoriesOnce ? duplicates.starred : 0)) }
    /// Unread articles per source, copies of stories other sources carry included (sources with none may be
    /// missing).
    public internal(set) var unreadBySource: [UUID: Int] = [:]
    /// Every article, copies included.
    var articles = ArticleTally()
    /// The copies of stories that another source's copy stands for (see ``StoryDuplicates``).
    var duplicates = StoryDuplicates()
    /// Whether the totals leave the duplicates out: the setting (on unless turned off), copied here by the
    /// reducers that read or change it.
    var countsStoriesOnce = true

    /// No articles.
    init() {}

    init(total: Int, unread: Int, starred: Int, unreadBySource: [UUID: Int]) {
        articles = ArticleTally(total: total, unread: unread, starred: starred)
        self.unreadBySource = unreadBySource
    }

    /// The unread count of `source`.
    public func unread(in source: UUID) -> Int {
        unreadBySource[source] ?? 0
    }
}

extension ArticleCounts: Codable {
    private enum CodingKeys: String, CodingKey {
        case total, unread, starred, unreadBySource, duplicates, countsStoriesOnce
    }

    /// Reads counts as journals hold them; journals from before stories have no duplicates.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        articles = ArticleTally(
            total: try container.decode(Int.self, forKey: .total),
            unread: try container.decode(Int.self, forKey: .unread),
            starred: try container.decode(Int.self, forKey: .starred))
        unreadBySource = try container.decode([UUID: Int].self, forKey: .unreadBySource)
        duplicates = try container.decodeIfPresent(StoryDuplicates.self, forKey: .duplicates) ?? StoryDuplicates()
        countsStoriesOnce = try container.decodeIfPresent(Bool.self, forKey: .countsStoriesOnce) ?? true
    }

    /// Writes the counts of every article under the keys journals always had, and the duplicates beside them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(articles.total, forKey: .total)
        try container.encode(articles.unread, forKey: .unread)
        try container.encode(articles.starred, forKey: .starred)
        try container.encode(unreadBySource, forKey: .unreadBySource)
        try container.encode(duplicates, forKey: .duplicates)
        try container.encode(countsStoriesOnce, forKey: .countsStoriesOnce)
    }
}
