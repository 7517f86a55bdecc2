import Foundation
import GRDB
import Testing
@testable import RssCore

/// A story carried by sources a and b (x, then y), an article of a alone (solo), and one of c alone.
private func storyLibrary(kind: DatabaseKind = .memory) throws -> StoryFixture {
    let fixture = try StoryFixture(kind: kind)
    try fixture.database.mergeFetchedItems(
        [
            StoryFixture.item("x", link: "https://news.example/story", title: "Budget passes", minutesAgo: 10),
            StoryFixture.item("solo", link: "https://news.example/solo", title: "Budget solo", minutesAgo: 20),
        ], sourceID: fixture.a.id)
    try fixture.database.mergeFetchedItems(
        [StoryFixture.item("y", link: "https://news.example/story?utm_source=rss", title: "Budget passes (copy)", minutesAgo: 5)],
        sourceID: fixture.b.id)
    try fixture.database.mergeFetchedItems(
        [StoryFixture.item("z", link: "https://other.example/z", title: "Budget elsewhere", minutesAgo: 30)],
        sourceID: fixture.c.id)
    return fixture
}

private func itemIDs(_ window: ArticleWindow, _ fixture: StoryFixture) throws -> [String] {
    let byID = Dictionary(uniqueKeysWithValues: try fixture.database.articles(ArticleQuery()).map { ($0.id, $0.itemID) })
    return window.rows.map { byID[$0.id] ?? "?" }
}

@Suite("Each story once: lists, counts, searches and marks")
struct StoryListTests {
    @Test("a list of every source shows the story once, as its first copy, with the other source beside it")
    func everySource() throws {
        let fixture = try storyLibrary()
        let window = try fixture.database.listArticles(ListFilter(), limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(window, fixture) == ["x", "solo", "z"])
        #expect(window.totalCount == 3)
        #expect(window.rows.first?.otherSources == [fixture.b.id])
        #expect(window.rows.dropFirst().allSatisfy { $0.otherSources.isEmpty && $0.story == nil })
    }

    @Test("with the setting off, every copy shows as before, and no row names other sources")
    func settingOff() throws {
        let fixture = try storyLibrary()
        let window = try fixture.database.listArticles(ListFilter(), limit: 10)
        #expect(try itemIDs(window, fixture) == ["y", "x", "solo", "z"])
        #expect(window.totalCount == 4)
        #expect(window.rows.allSatisfy { $0.otherSources.isEmpty })
        #expect(try fixture.database.articles(ArticleQuery()).count == 4)
    }

    @Test("a list of one source shows that source's copy, naming the story's other source")
    func oneSource() throws {
        let fixture = try storyLibrary()
        let window = try fixture.database.listArticles(
            ListFilter(sourceID: fixture.b.id), limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(window, fixture) == ["y"])
        #expect(window.totalCount == 1)
        #expect(window.rows.first?.otherSources == [fixture.a.id])
    }

    @Test("a list of several sources shows the first copy among them, and counts it once")
    func severalSources() throws {
        let fixture = try storyLibrary()
        let news = try fixture.database.listArticles(ListFilter(tag: "news"), limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(news, fixture) == ["x", "solo"])
        #expect(news.totalCount == 2)
        var query = ArticleQuery(sourceIDs: [fixture.b.id, fixture.c.id])
        query.showsStoriesOnce = true
        // a's first copy is outside: b's copy stands for the story here.
        #expect(try fixture.database.articles(query).map(\.itemID) == ["y", "z"])
        #expect(try fixture.database.countArticles(query) == 2)
        query.sourceIDs = [fixture.a.id, fixture.b.id]
        query.isRead = false
        #expect(try fixture.database.countArticles(query) == 2)
        #expect(try fixture.database.articles(query).map(\.itemID) == ["x", "solo"])
    }

    @Test("a search finds the story once, and counts it once")
    func search() throws {
        let fixture = try storyLibrary()
        let found = try fixture.database.search("budget", limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(found, fixture) == ["x", "solo", "z"])
        #expect(found.totalCount == 3)
        var query = ArticleQuery(searchText: "budget")
        query.showsStoriesOnce = true
        #expect(try fixture.database.countArticles(query) == 3)
        #expect(try fixture.database.articles(query).map(\.itemID) == ["x", "solo", "z"])
        #expect(try fixture.database.search("budget", limit: 10).totalCount == 4)
    }

    @Test("articles named by number are every copy, each naming the other")
    func byNumber() throws {
        let fixture = try storyLibrary()
        var query = ArticleQuery()
        query.numbers = Set(try fixture.database.articles(ArticleQuery()).map(\.number))
        query.showsStoriesOnce = true
        let found = try fixture.database.articles(query)
        #expect(found.count == 4)
        #expect(found.first { $0.itemID == "x" }?.otherSources == [fixture.b.id])
        #expect(found.first { $0.itemID == "y" }?.otherSources == [fixture.a.id])
    }

    @Test("the totals count the story once; each source's unread count includes its copy")
    func counts() throws {
        let fixture = try storyLibrary()
        var counts = try fixture.database.articleCounts()
        #expect(counts.total == 3 && counts.unread == 3)
        counts.countsStoriesOnce = false
        #expect(counts.total == 4 && counts.unread == 4)
        #expect(counts.unread(in: fixture.a.id) == 2 && counts.unread(in: fixture.b.id) == 1)
        var unread = ArticleQuery(isRead: false)
        unread.showsStoriesOnce = true
        #expect(try fixture.database.countArticles(unread) == 3)
    }

    @Test("a mark on one copy marks every copy, and the counts change once")
    func marksOnAll() throws {
        let fixture = try storyLibrary()
        let y = try fixture.id("y")
        var applied = try fixture.database.articleCounts()
        applied.countsStoriesOnce = true
        let read = try fixture.database.setRead(true, articleIDs: [y], everyCopy: true)
        applied.apply(read)
        #expect(read.unreadBySource == [fixture.a.id: -1, fixture.b.id: -1])
        #expect(applied.unread == 2)
        let starred = try fixture.database.setStarred(true, articleIDs: [y], everyCopy: true)
        applied.apply(starred)
        #expect(applied.starred == 1)
        let copies = try fixture.database.articles(ArticleQuery()).filter { ["x", "y"].contains($0.itemID) }
        #expect(copies.count == 2 && copies.allSatisfy { $0.isRead && $0.isStarred })
        var stored = try fixture.database.articleCounts()
        stored.countsStoriesOnce = true
        #expect(stored == applied)
        // Without the setting, a mark stays on its article.
        try fixture.database.setRead(false, articleIDs: [y])
        #expect(try fixture.database.articles(ArticleQuery(isRead: false)).map(\.itemID).sorted() == ["solo", "y", "z"])
    }

    @Test("marking a source read marks the story's other copies too")
    func markAllOfOneSource() throws {
        let fixture = try storyLibrary()
        let change = try fixture.database.markAllRead(sourceIDs: [fixture.b.id], everyCopy: true)
        #expect(change.unreadBySource == [fixture.b.id: -1, fixture.a.id: -1])
        #expect(try fixture.database.articles(ArticleQuery(isRead: false)).map(\.itemID) == ["solo", "z"])
    }

    @Test("removing the first copy makes the next its story's representative")
    func representativeRemoved() throws {
        let fixture = try storyLibrary()
        let before = try fixture.database.articleCounts()
        let change = try #require(try fixture.database.removeSource(id: fixture.a.id))
        #expect(change.duplicates == StoryDuplicates(total: -1, unread: -1, starred: 0))
        #expect(try fixture.stories()["y"]?.isDuplicate == false)
        var applied = before
        applied.apply(change)
        applied.unreadBySource[fixture.a.id] = nil
        #expect(try fixture.database.articleCounts() == applied)
        let window = try fixture.database.listArticles(ListFilter(), limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(window, fixture) == ["y", "z"])
    }

    @Test("a rule hiding the first copy shows the next in its place")
    func representativeHidden() throws {
        let fixture = try storyLibrary()
        try fixture.database.saveRule(
            ArticleRule(
                name: "hide a", filter: try ArticleFilter("title contains passes"), action: .hide,
                scope: .source(fixture.a.id)))
        let applied = try #require(try fixture.database.applyRule(named: "hide a", now: referenceDate))
        #expect(applied.change.duplicates.total == -1)
        let window = try fixture.database.listArticles(ListFilter(), limit: 10, showingStoriesOnce: true)
        #expect(try itemIDs(window, fixture) == ["y", "solo", "z"])
        #expect(window.totalCount == 3)
    }
}
