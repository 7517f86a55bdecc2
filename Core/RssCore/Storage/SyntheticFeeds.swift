import Foundation

/// Deterministic synthetic sources and articles for tests and benchmarks (100,000 articles in 200 sources is the
/// benchmark's size), written through the bulk path so that filling a large database takes seconds.
enum SyntheticFeeds {
    /// Words titles and summaries are drawn from; a few are rare so that searches have selective terms.
    static let words = [
        "swift", "linux", "server", "release", "kernel", "compiler", "database", "network", "security", "update",
        "design", "performance", "memory", "terminal", "editor", "feed", "reader", "library", "package", "test",
        "cloud", "storage", "query", "index", "thread", "actor", "value", "state", "action", "store",
        "market", "science", "climate", "energy", "space", "music", "garden", "travel", "history", "health",
        "zeppelin", "quasar", "obsidian", "marmalade",
    ]

    /// Fills `database` with `sourceCount` sources and `articleCount` articles spread evenly over them, dated one
    /// minute apart going back from `now`. Articles with index `i` get the stable id `item-<i>` and the word
    /// `topic<i % 1000>` in their title (a selective search term: 0.1% of the articles).
    @discardableResult
    static func fill(
        _ database: FeedDatabase, sourceCount: Int, articleCount: Int, now: Date = Date(timeIntervalSince1970: 1_750_000_000)
    ) throws(DatabaseProblem) -> [StoredSource] {
        var generator = SplitMix64(seed: 42)
        let sources = (0..<sourceCount).map { index in
            StoredSource(
                id: uuid(prefix: 0x5, index), url: "https://example.org/feed/\(index).xml", title: "Source \(index)",
                addedAt: now, sortOrder: index)
        }
        var articles: [StoredArticle] = []
        articles.reserveCapacity(articleCount)
        for index in 0..<articleCount {
            let title = (0..<6).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ") + " topic\(index % 1_000)"
            let summary = (0..<30).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            let date = now.addingTimeInterval(-60 * Double(index))
            articles.append(StoredArticle(
                id: uuid(prefix: 0xA, index), sourceID: sources[index % max(1, sourceCount)].id, stableID: "item-\(index)",
                title: title, link: "https://example.org/article/\(index)", author: nil, publishedAt: date,
                updatedAt: nil, summary: summary, contentHTML: "<p>\(summary)</p>", enclosureURL: nil,
                enclosureType: nil, firstSeenAt: now, isRead: index % 3 == 0, isStarred: index % 97 == 0))
        }
        try database.bulkInsert(sources: sources, articles: articles)
        return sources
    }

    /// A deterministic UUID whose last digits are `index` (readable in failures).
    static func uuid(prefix: UInt8, _ index: Int) -> UUID {
        let text = String(format: "%08X-0000-4000-8000-%012X", UInt32(prefix), index)
        return UUID(uuidString: text)!
    }
}

/// A small seeded generator (SplitMix64), so that synthetic data is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
