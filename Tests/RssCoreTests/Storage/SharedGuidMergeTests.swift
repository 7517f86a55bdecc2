import FeedParser
import Foundation
@testable import RssCore
import Testing

/// Feeds that give several articles one guid: the parser tells them apart by link (and title), so one article's
/// id depends on which items shared its guid at each fetch; the merge recognises it under any of those forms.
@Suite("articles sharing a guid")
struct SharedGuidMergeTests {
    /// An item with guid `guid` and a link on example.com.
    static func item(_ path: String, _ title: String, guid: String = "same") -> String {
        "<item><guid isPermaLink=\"false\">\(guid)</guid><link>https://example.com\(path)</link>"
            + "<title>\(title)</title></item>"
    }

    static let first = item("/a", "First article")
    static let second = item("/b", "Second article")

    /// The documents of the issue: the first article alone, then beside a second of the same guid, either way round.
    static let documents: [String: String] = [
        "A": first, "AB": first + second, "BA": second + first, "B": second,
        "A2": item("/a2", "First article"),
        "U1": item("/live", "Update 1", guid: "live"),
        "U1U2": item("/live", "Update 1", guid: "live") + item("/live", "Update 2", guid: "live"),
    ]

    /// The items of document `name` as a refresh hands them to the merge.
    static func fetched(_ name: String) throws -> [FetchedItem] {
        let items = try #require(documents[name])
        let xml = "<rss version=\"2.0\"><channel><title>Shared</title>\(items)</channel></rss>"
        return try FeedParser().parse(Data(xml.utf8)).items.map(FetchedItem.init)
    }

    /// A fresh database with one source.
    static func open() throws -> (FeedDatabase, StoredSource) {
        let database = try FeedDatabase.inMemory()
        let source = makeSource("shared")
        try database.saveSource(source)
        return (database, source)
    }

    /// Merges the documents named in `order`, one fetch each, a minute apart; the articles inserted by each.
    @discardableResult
    static func fetch(_ order: [String], into database: FeedDatabase, _ source: StoredSource, oldProgram: Bool = false)
        throws -> [Int]
    {
        try order.enumerated().map { index, name in
            var items = try fetched(name)
            // The program before this rule merged by exact id alone: without the other forms of each id.
            if oldProgram { for i in items.indices { items[i].forms = nil } }
            let result = try database.mergeFetchedItems(
                items, sourceID: source.id, now: referenceDate.addingTimeInterval(Double(index) * 60))
            return try #require(result).inserted
        }
    }

    static func titles(_ database: FeedDatabase) throws -> [String] {
        try database.listArticles(ListFilter(), limit: 50).rows.map(\.title).sorted()
    }

    @Test func theIssuesSequenceStoresTwoArticles() throws {
        let (database, source) = try Self.open()
        #expect(try Self.fetch(["A", "AB", "A"], into: database, source) == [1, 1, 0])
        #expect(try Self.titles(database) == ["First article", "Second article"])
    }

    /// What the merge by exact id alone made of it: the first article stored twice, as `same` and `same|…`.
    @Test func byExactIDAloneTheFirstArticleWasStoredTwice() throws {
        let (database, source) = try Self.open()
        #expect(try Self.fetch(["A", "AB", "A"], into: database, source, oldProgram: true) == [1, 2, 0])
        #expect(try Self.titles(database) == ["First article", "First article", "Second article"])
    }

    @Test(arguments: [
        ["AB", "A", "AB"], ["BA", "A"], ["A", "BA", "AB", "A"], ["AB", "BA", "A", "A", "BA"], ["A", "A", "AB", "AB"],
        ["BA", "AB", "A", "BA"],
    ])
    func twoArticlesWhateverTheOrderOfFetches(order: [String]) throws {
        let (database, source) = try Self.open()
        #expect(try Self.fetch(order, into: database, source).reduce(0, +) == 2)
        #expect(try Self.fetch(order.reversed() + order, into: database, source).allSatisfy { $0 == 0 })
        #expect(try Self.titles(database) == ["First article", "Second article"])
    }

    @Test func theFirstArticleKeepsItsMarksAcrossTheForms() throws {
        let (database, source) = try Self.open()
        try Self.fetch(["A"], into: database, source)
        let first = try #require(try database.listArticles(ListFilter(), limit: 10).rows.first)
        try database.setRead(true, articleIDs: [first.id])
        try database.setStarred(true, articleIDs: [first.id])
        #expect(try Self.fetch(["BA", "AB", "A"], into: database, source) == [1, 0, 0])
        let stored = try #require(try database.article(id: first.id))
        #expect(stored.isRead && stored.isStarred)
        #expect(stored.stableID == "same")
    }

    /// The second article alone takes the plain guid: it is still the second article, not the first re-linked.
    @Test func aFetchOfTheSecondArticleAloneLeavesTheFirstAsItWas() throws {
        let (database, source) = try Self.open()
        #expect(try Self.fetch(["A", "AB", "B", "AB", "A"], into: database, source) == [1, 1, 0, 0, 0])
        let rows = try database.listArticles(ListFilter(), limit: 10).rows
        let links = try rows.map { try #require(try database.article(id: $0.id)).link }
        #expect(Set(links) == ["https://example.com/a", "https://example.com/b"])
        #expect(try Self.titles(database) == ["First article", "Second article"])
    }

    @Test func aGuidNeverSharedKeepsItsArticleWhenItsLinkChanges() throws {
        let (database, source) = try Self.open()
        try Self.fetch(["A"], into: database, source)
        let moved = try database.mergeFetchedItems(try Self.fetched("A2"), sourceID: source.id)
        #expect(moved == MergeResult(inserted: 0, updated: 1))
        let row = try #require(try database.listArticles(ListFilter(), limit: 10).rows.first)
        #expect(try database.article(id: row.id)?.link == "https://example.com/a2")
    }

    @Test(arguments: [["U1", "U1U2", "U1"], ["U1U2", "U1", "U1U2"]])
    func articlesOfOneLinkAreToldApartByTitle(order: [String]) throws {
        let (database, source) = try Self.open()
        #expect(try Self.fetch(order, into: database, source).reduce(0, +) == 2)
        #expect(try Self.titles(database) == ["Update 1", "Update 2"])
    }

    /// A database written before this rule holds articles under the forms it stored them under, duplicates
    /// included; none comes back as new after the upgrade, whatever the feed lists next.
    @Test(arguments: [["A", "AB"], ["AB"], ["BA", "A"], ["A", "AB", "A"]])
    func articlesStoredByTheOldRuleAreNotNewAfterTheUpgrade(before: [String]) throws {
        let (database, source) = try Self.open()
        try Self.fetch(before, into: database, source, oldProgram: true)
        let count = try Self.titles(database).count
        #expect(try Self.fetch(["A", "AB", "BA", "A", "BA"], into: database, source).allSatisfy { $0 == 0 })
        #expect(try Self.titles(database).count == count)
    }

    /// Retention's tombstone under the form told apart by link names the article: it stays removed when the
    /// feed lists it alone (under its plain guid), and the tombstone is kept while the feed lists it.
    @Test func aRemovedArticleStaysRemovedUnderAnotherForm() throws {
        let (database, source) = try Self.open()
        try Self.fetch(["AB"], into: database, source)
        try database.applyRetention(RetentionPolicy(maxAgeDays: 0), now: referenceDate.addingTimeInterval(3_600))
        #expect(try Self.titles(database).isEmpty)
        #expect(try Self.fetch(["A", "A"], into: database, source) == [0, 0])
        #expect(try Self.titles(database).isEmpty)
    }
}
