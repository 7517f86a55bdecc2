import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import RssCore

/// A refresh's merges share transactions, and the articles they store are indexed for search once per
/// transaction (``PendingSearchIndex``): the index must still hold exactly the stored articles, whatever the
/// batch held.
@Suite("The search index of merges that share a transaction")
struct BatchedSearchIndexTests {
    struct Refused: Error {}

    /// FTS5's own check of the index against the articles (its content view): it fails on any term too many or
    /// missing.
    func checkIndex(_ database: FeedDatabase) throws {
        try database.write(.check) { db in
            try db.execute(sql: "INSERT INTO article_search(article_search, rank) VALUES ('integrity-check', 1)")
        }
    }

    @Test("concurrent merges are all found by search once committed", arguments: DatabaseKind.allCases)
    func concurrentMerges(kind: DatabaseKind) async throws {
        let (database, _) = try kind.open()
        let sources = (0..<60).map { makeSource("s\($0)", order: $0) }
        try database.saveSources(sources)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (n, source) in sources.enumerated() {
                group.addTask {
                    let items = (0..<5).map { makeItem("s\(n)-\($0)", summary: "word\(n)x\($0) shared") }
                    _ = try await database.mergeFetchedItemsGrouped(
                        items, sourceID: source.id, status: StoredFetchStatus(lastSuccessAt: referenceDate),
                        now: referenceDate, details: FeedDetails())
                }
            }
            try await group.waitForAll()
        }
        try checkIndex(database)
        #expect(try database.search("shared", limit: 1).totalCount == 300)
        for n in [0, 17, 59] {
            #expect(try database.search("word\(n)x3", limit: 10).rows.map(\.title) == ["Title s\(n)-3"])
        }
    }

    @Test("a merge rolled back within its batch leaves nothing in the index", arguments: DatabaseKind.allCases)
    func failedMerge(kind: DatabaseKind) async throws {
        let (database, _) = try kind.open()
        let sources = (0..<40).map { makeSource("f\($0)", order: $0) }
        try database.saveSources(sources)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for (n, source) in sources.enumerated() {
                group.addTask {
                    do {
                        try await database.groupWrite(.storeFeed) { db, pending in
                            let items = (0..<3).map { makeItem("f\(n)-\($0)", summary: "kept\(n)z common") }
                            _ = try FeedDatabase.merge(
                                items, sourceID: source.id, status: nil, now: referenceDate, indexing: &pending, db)
                            if n % 4 == 1 { throw Refused() }  // after storing: its articles must go, index included
                        }
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 30)
        try checkIndex(database)
        #expect(try database.search("common", limit: 1).totalCount == 90)
        #expect(try database.search("kept1z", limit: 10).rows.isEmpty)
        #expect(try database.search("kept2z", limit: 10).rows.count == 3)
    }

    @Test("an article changed in the transaction that stored it is found by its new text only")
    func changedBeforeIndexing() async throws {
        let (database, _) = try DatabaseKind.file.open()
        let source = makeSource("twice")
        try database.saveSource(source)
        try await database.groupWrite(.storeFeed) { db, pending in
            // The same feed merged twice in one transaction, the second time with an item's text changed.
            _ = try FeedDatabase.merge(
                [makeItem("one", summary: "marmalade"), makeItem("two", summary: "porridge")], sourceID: source.id,
                status: nil, now: referenceDate, indexing: &pending, db)
            _ = try FeedDatabase.merge(
                [makeItem("one", summary: "crumpets"), makeItem("three", summary: "kedgeree")], sourceID: source.id,
                status: nil, now: referenceDate, indexing: &pending, db)
        }
        try checkIndex(database)
        #expect(try database.search("marmalade", limit: 10).rows.isEmpty)
        #expect(try database.search("crumpets", limit: 10).rows.map(\.title) == ["Title one"])
        #expect(try database.search("porridge", limit: 10).rows.map(\.title) == ["Title two"])
        #expect(try database.search("kedgeree", limit: 10).rows.map(\.title) == ["Title three"])
    }
}
