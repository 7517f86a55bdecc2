import Foundation
import Testing
@_spi(Benchmarks) @testable import RssCore

@Suite("Sources and merging fetched items")
struct SourceAndMergeTests {
    @Test(arguments: DatabaseKind.allCases)
    func sourcesSaveUpdateEnableAndStatus(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        var b = makeSource("b", order: 2)
        let a = makeSource("a", order: 1)
        try database.saveSource(b)
        try database.saveSource(a)
        #expect(try database.loadSources().map(\.title) == ["a", "b"])
        b.title = "B renamed"
        b.tags = ["news", "tech/linux"]
        try database.saveSource(b)
        try database.setSourceEnabled(id: b.id, false)
        let status = StoredFetchStatus(
            etag: "\"abc\"", lastModified: "Tue, 01 Jul 2025 10:00:00 GMT", lastSuccessAt: referenceDate,
            lastError: StoredFetchFailure(error: .http(status: 429, retryAfter: referenceDate), at: referenceDate),
            nextAttemptAt: referenceDate.addingTimeInterval(600))
        try database.saveFetchStatus(status, sourceID: b.id)
        let stored = try #require(try database.source(id: b.id))
        #expect(stored.title == "B renamed")
        #expect(stored.tags == ["news", "tech/linux"])
        #expect(stored.isEnabled == false)
        #expect(stored.fetchStatus == status)
        #expect(try database.setSourceEnabled(id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)), true) == false)
    }

    @Test func aSecondSourceWithTheSameURLIsAConflict() throws {
        let database = try FeedDatabase.inMemory()
        try database.saveSource(makeSource("a"))
        #expect {
            try database.saveSource(makeSource("a"))
        } throws: { error in
            (error as? DatabaseProblem)?.failure == .constraint
        }
    }

    /// A feed that moved (301) to the address of another source keeps its own address and its items are stored,
    /// instead of every refresh failing on the unique URL.
    @Test func aMoveOntoAnotherSourcesURLIsNotTakenAndTheItemsAreStored() throws {
        let database = try FeedDatabase.inMemory()
        let old = makeSource("old"), taken = makeSource("new")
        for source in [old, taken] { try database.saveSource(source) }
        let blocked = try database.mergeFetchedItems(
            [makeItem("1")], sourceID: old.id, details: FeedDetails(title: "Moved", url: taken.url))
        #expect(blocked == MergeResult(inserted: 1, updated: 0, visible: 1, unread: 1, moved: false))
        #expect(try database.source(id: old.id)?.url == old.url)
        #expect(try database.source(id: old.id)?.title == "Moved")
        let moved = try database.mergeFetchedItems(
            [makeItem("1")], sourceID: old.id, details: FeedDetails(url: "https://example.org/fresh.xml"))
        #expect(moved?.moved == true)
        #expect(try database.source(id: old.id)?.url == "https://example.org/fresh.xml")
    }

    @Test(arguments: DatabaseKind.allCases)
    func refetchNeverDuplicatesNorResetsMarksAndVanishedItemsStay(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let source = makeSource("feed")
        try database.saveSource(source)
        let first = try database.mergeFetchedItems(
            [makeItem("1", minutesAgo: 3), makeItem("2", minutesAgo: 2), makeItem("3", minutesAgo: 1), makeItem("3")],
            sourceID: source.id, now: referenceDate)
        #expect(first == MergeResult(inserted: 3, updated: 0, visible: 3, unread: 3))

        let rows = try database.listArticles(ListFilter(), limit: 10).rows
        let byStable = Dictionary(uniqueKeysWithValues: rows.map { ($0.title, $0.id) })
        let one = try #require(byStable["Title 1"]), two = try #require(byStable["Title 2"])
        try database.setRead(true, articleIDs: [one])
        try database.setStarred(true, articleIDs: [two])

        // Same items again, item 1 with a new title and date, item 3 gone, item 4 new.
        let second = try database.mergeFetchedItems(
            [makeItem("1", title: "Title 1 (corrected)", minutesAgo: 0.5), makeItem("2", minutesAgo: 2), makeItem("4")],
            sourceID: source.id, now: referenceDate.addingTimeInterval(60))
        #expect(second == MergeResult(inserted: 1, updated: 1, visible: 1, unread: 1))
        let again = try database.mergeFetchedItems([makeItem("2", minutesAgo: 2)], sourceID: source.id)
        #expect(again == MergeResult(inserted: 0, updated: 0))

        let window = try database.listArticles(ListFilter(), limit: 10)
        #expect(window.totalCount == 4)
        let updated = try #require(try database.article(id: one))
        #expect(updated.title == "Title 1 (corrected)")
        #expect(updated.isRead)
        #expect(updated.firstSeenAt == referenceDate)
        #expect(try database.article(id: two)?.isStarred == true)
        #expect(window.rows.map(\.title).contains("Title 3"))
        #expect(try database.search("corrected", limit: 10).rows.map(\.id) == [one])
        try database.checkSearchIndex()
    }

    @Test func mergeStoresTheFetchStatusInTheSameTransactionAndNeedsTheSource() throws {
        let database = try FeedDatabase.inMemory()
        let source = makeSource("feed")
        try database.saveSource(source)
        try database.mergeFetchedItems([makeItem("1")], sourceID: source.id, status: StoredFetchStatus(etag: "e1"))
        #expect(try database.source(id: source.id)?.fetchStatus.etag == "e1")
        let missing = UUID()
        #expect(try database.mergeFetchedItems([makeItem("1")], sourceID: missing) == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func removingASourceCascadesToItsArticlesAndTheIndex(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let kept = makeSource("kept"), removed = makeSource("removed")
        try database.saveSource(kept)
        try database.saveSource(removed)
        try database.mergeFetchedItems([makeItem("k1", summary: "zeppelin")], sourceID: kept.id)
        try database.mergeFetchedItems([makeItem("r1", summary: "zeppelin"), makeItem("r2")], sourceID: removed.id)
        #expect(try database.removeSource(id: removed.id) == CountChange(total: -2, unreadBySource: [removed.id: -2]))
        #expect(try database.removeSource(id: removed.id) == nil)
        #expect(try database.listArticles(ListFilter(), limit: 10).totalCount == 1)
        #expect(try database.search("zeppelin", limit: 10).totalCount == 1)
        try database.checkSearchIndex()
    }
}
