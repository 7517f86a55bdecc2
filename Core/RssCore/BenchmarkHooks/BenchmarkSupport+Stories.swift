// Compiled only with the package trait `Benchmarks`, which the Benchmarks package enables (see README.md).
#if Benchmarks
    public import Foundation
    import GRDB

    /// A hook for `rsscore-bench link-stories`: stories in a synthetic database, to measure the lists, searches
    /// and counts of a library where some articles are copies of others.
    @_spi(Benchmarks)
    extension BenchmarkSupport {
        /// Links every `every`-th article of the database at `url` (a filled synthetic one, whose consecutive
        /// articles are of consecutive sources) to the article stored just before it, as a copy of its story
        /// with its marks, as the merge would have; then counts again. Returns the number of copies.
        @discardableResult
        public static func linkSyntheticStories(at url: URL, every: Int) throws -> Int {
            let database = try FeedDatabase(location: .file(path: url.path))
            return try database.write(.storeFeed) { db in
                try db.execute(
                    sql: """
                        UPDATE article SET story = rowid
                        WHERE (rowid + 1) % ?1 = 0 AND EXISTS (SELECT 1 FROM article AS copy
                            WHERE copy.rowid = article.rowid + 1 AND copy.sourceId <> article.sourceId)
                        """, arguments: [max(2, every)])
                try db.execute(sql: """
                    UPDATE article SET story = rowid - 1, isDuplicate = 1,
                        isRead = (SELECT first.isRead FROM article AS first WHERE first.rowid = article.rowid - 1),
                        isStarred = (SELECT first.isStarred FROM article AS first WHERE first.rowid = article.rowid - 1)
                    WHERE story IS NULL AND EXISTS (SELECT 1 FROM article AS first
                        WHERE first.rowid = article.rowid - 1 AND first.story = first.rowid)
                    """)
                let copies = db.changesCount
                try FeedSchema.recountArticles(db)
                return copies
            }
        }
    }
#endif
