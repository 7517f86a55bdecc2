// Compiled only with the package trait `Benchmarks`, which the Benchmarks package enables (see README.md).
#if Benchmarks
    public import Foundation

    /// Hooks for the release-mode benchmarks in `Benchmarks/`, which are another package and so cannot see
    /// RssCore's internals. Not part of the supported API (it is behind `@_spi(Benchmarks)`).
    @_spi(Benchmarks)
    public enum BenchmarkSupport {
        /// Creates a database file at `url` holding `articles` synthetic articles spread over `sources` sources
        /// (deterministic content; every 1,000th article carries the word `topic<n>`), through the bulk path.
        public static func fillSyntheticDatabase(at url: URL, sources: Int, articles: Int) throws {
            let database = try FeedDatabase(location: .file(path: url.path))
            try SyntheticFeeds.fill(database, sourceCount: sources, articleCount: articles)
        }

        /// The same, stored at `now` (dated a minute apart back from it): a library a sync client asking for the last
        /// months gets whole.
        public static func fillSyntheticDatabase(at url: URL, sources: Int, articles: Int, storedAt now: Date) throws {
            let database = try FeedDatabase(location: .file(path: url.path))
            try SyntheticFeeds.fill(database, sourceCount: sources, articleCount: articles, now: now)
        }
    }
#endif
