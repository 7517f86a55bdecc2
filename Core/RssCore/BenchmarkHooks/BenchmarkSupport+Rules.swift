// Compiled only with the package trait `Benchmarks`, which the Benchmarks package enables (see README.md).
#if Benchmarks
    public import Foundation

    /// Hooks for `rules-bench`: one fetch's worth of new articles merged into a fresh database holding rules.
    @_spi(Benchmarks)
    extension BenchmarkSupport {
        /// What one merge took and did.
        public struct RuleMerge: Sendable {
            /// The merge's time (insert, index, rules, commit), in seconds.
            public var seconds: Double
            /// How many changes the rules made.
            public var ruled: Int
            /// How many new articles were left visible.
            public var visible: Int
        }

        /// Creates a database at `url` holding `rules` and one source tagged `news`, then times the merge of
        /// `articles` new synthetic articles (titles and summaries of ``SyntheticFeeds/words``, an author of
        /// five, dates a minute apart) into that source: what a refresh does with a fetch, rules included.
        public static func mergeWithRules(at url: URL, rules: [ArticleRule], articles: Int) throws -> RuleMerge {
            let database = try FeedDatabase(location: .file(path: url.path))
            var source = StoredSource(url: "https://example.org/feed.xml", title: "Bench source", addedAt: Date())
            source.tags = ["news"]
            try database.saveSource(source)
            for rule in rules { try database.saveRule(rule) }
            var generator = SplitMix64(seed: 7)
            let words = SyntheticFeeds.words
            func text(_ count: Int) -> String {
                (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            }
            let now = Date(timeIntervalSince1970: 1_750_000_000)
            let items = (0..<articles).map { index in
                let summary = text(30)
                return FetchedItem(
                    stableID: "item-\(index)", title: text(6),
                    link: "https://example.org/article/\(index)?src=\(index % 7)",
                    author: "Author \(index % 5)", publishedAt: now.addingTimeInterval(-60 * Double(index)),
                    summary: summary, contentHTML: "<p>\(summary)</p>")
            }
            let start = ContinuousClock.now
            let result = try database.mergeFetchedItems(items, sourceID: source.id, now: now)
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            return RuleMerge(seconds: seconds, ruled: result?.ruled ?? 0, visible: result?.visible ?? 0)
        }
    }
#endif
