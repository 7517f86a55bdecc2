import GRDB

/// Articles stored in the current transaction and not yet in the search index, indexed in one statement at
/// the end.
///
/// FTS5 writes the terms it holds in memory to disk, as a new segment, whenever a savepoint opens, and every
/// write statement in a transaction opens one. A merge indexing its own articles as it stored them therefore
/// wrote one small segment per feed, which FTS5 then merged again and again: in a cold refresh of 500 feeds ×
/// 20 items that was most of the storing CPU. A refresh's merges share transactions (``GroupCommit``); the
/// transaction indexes all their articles once, just before it commits, as one segment.
struct PendingSearchIndex: Sendable {
    /// Runs of rowids, in the order stored; adjacent runs are joined.
    private(set) var runs: [ClosedRange<Int64>] = []

    var isEmpty: Bool { runs.isEmpty }

    /// Adds the articles with rowids in `rowids`, all inserted in this transaction.
    mutating func add(_ rowids: ClosedRange<Int64>) {
        if let last = runs.last, last.upperBound &+ 1 == rowids.lowerBound {
            runs[runs.count - 1] = last.lowerBound...rowids.upperBound
        } else {
            runs.append(rowids)
        }
    }

    /// Whether the article `rowid` is waiting: updating or deleting it before it is indexed would have its
    /// search triggers remove terms the index never had.
    func contains(_ rowid: Int64) -> Bool {
        runs.contains { $0.contains(rowid) }
    }

    /// Indexes the waiting articles and forgets them.
    mutating func index(_ db: Database) throws {
        for run in runs {
            try FeedSchema.indexArticles(rowids: run, db)
        }
        runs.removeAll()
    }
}
