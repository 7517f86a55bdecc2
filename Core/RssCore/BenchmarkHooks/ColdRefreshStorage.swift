// Compiled only with the package trait `Benchmarks`, which the Benchmarks package enables (see README.md).
#if Benchmarks
    public import Foundation
    import FeedParser

    /// What a cold refresh stores, without the network: `feeds` fetched feeds of new items merged into a database
    /// the way a refresh merges them (one grouped merge per feed, all at once, sharing transactions), for the
    /// storage benchmark in `Benchmarks/`. Not part of the supported API (it is behind `@_spi(Benchmarks)`).
    ///
    /// The items are either those of `Benchmarks/report-vs-newsboat-sfeed.sh` (a title and a short description, the
    /// issue's cold refresh) or the bundled sample feeds' real items (their HTML, titles and dates, about 2.5 KB of
    /// text each), repeated with fresh stable ids, so that the search index sees the text of real feeds.
    @_spi(Benchmarks)
    public struct ColdRefreshStorage: Sendable {
        /// Which items the feeds hold.
        public enum Items: String, Sendable, CaseIterable {
            /// A title and a description of 372 characters, as the side-by-side benchmark generates them.
            case generated
            /// The sample feeds' items, with their HTML.
            case samples
        }

        private let database: FeedDatabase
        private let feeds: [(source: UUID, items: [FetchedItem])]

        /// Opens the database at `url` and adds `feeds` sources, each with `itemsPerFeed` new items drawn from the
        /// feed files `samples` (parsed here, untimed); `round` makes the stable ids of one round new to the others.
        public init(
            databaseAt url: URL, items kind: Items, samples: [URL], feeds: Int, itemsPerFeed: Int, round: Int
        ) throws {
            database = try FeedDatabase(location: .file(path: url.path))
            let parser = FeedParser()
            let pool: [FetchedItem] =
                switch kind {
                case .samples:
                    try samples.flatMap { try parser.parse(Data(contentsOf: $0), url: $0).items.map(FetchedItem.init) }
                case .generated:
                    [
                        FetchedItem(
                            stableID: "", title: "Feed article: a title of ordinary length for a benchmark",
                            link: "http://127.0.0.1/article",
                            summary: String(repeating: "Some text of the article body. ", count: 12))
                    ]
                }
            guard !pool.isEmpty else { throw CocoaError(.fileReadNoSuchFile) }
            let now = Date()
            var prepared: [(source: UUID, items: [FetchedItem])] = []
            var sources: [StoredSource] = []
            for feed in 0..<feeds {
                let source = StoredSource(
                    url: "https://cold.example/\(round)/\(feed).xml", title: "Cold \(feed)", addedAt: now,
                    sortOrder: 10_000 + feed)
                sources.append(source)
                let items = (0..<itemsPerFeed).map { index in
                    var item = pool[(feed * itemsPerFeed + index) % pool.count]
                    item.stableID = "cold-\(round)-\(feed)-\(index)"
                    item.title += " \(feed)"
                    item.publishedAt = now.addingTimeInterval(-Double(feed * itemsPerFeed + index) * 60)
                    return item
                }
                prepared.append((source.id, items))
            }
            try database.saveSources(sources)
            self.feeds = prepared
        }

        /// The number of articles the feeds hold.
        public var articleCount: Int { feeds.reduce(0) { $0 + $1.items.count } }

        /// Merges every feed at once, as a refresh does; returns the number of articles stored.
        public func run() async throws -> Int {
            let database = self.database
            let now = Date()
            return try await withThrowingTaskGroup(of: Int.self) { group in
                for (source, items) in feeds {
                    group.addTask {
                        let status = StoredFetchStatus(lastSuccessAt: now)
                        let merged = try await database.mergeFetchedItemsGrouped(
                            items, sourceID: source, status: status, now: now, details: FeedDetails())
                        return merged?.inserted ?? 0
                    }
                }
                return try await group.reduce(0, +)
            }
        }
    }
#endif
