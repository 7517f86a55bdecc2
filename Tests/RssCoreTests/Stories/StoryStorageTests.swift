import Foundation
import GRDB
import Testing
@testable import RssCore

/// Two sources and a few items, for the tests of stories in storage.
struct StoryFixture {
    let database: FeedDatabase
    let directory: TemporaryDirectory
    let a: StoredSource, b: StoredSource, c: StoredSource

    init(kind: DatabaseKind = .memory) throws {
        (database, directory) = try kind.open()
        var a = makeSource("a", order: 0), b = makeSource("b", order: 1)
        a.tags = ["news"]
        b.tags = ["news"]
        (self.a, self.b, c) = (a, b, makeSource("c", order: 2))
        try database.saveSources([a, b, c])
    }

    /// An item of the story at `link`, with its own id.
    static func item(
        _ id: String, link: String?, title: String? = nil, summary: String? = nil, minutesAgo: Double = 0,
        originLink: String? = nil
    ) -> FetchedItem {
        FetchedItem(
            stableID: id, title: title ?? "Title \(id)", link: link,
            publishedAt: referenceDate.addingTimeInterval(-60 * minutesAgo), summary: summary ?? "Summary of \(id)",
            originLink: originLink)
    }

    /// The story column and the duplicate mark of every article, by stable id.
    func stories() throws -> [String: (story: Int64?, isDuplicate: Bool)] {
        try database.writer.read { db in
            var found: [String: (Int64?, Bool)] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT stableId, story, isDuplicate FROM article") {
                found[row["stableId"]] = (row["story"], row["isDuplicate"])
            }
            return found
        }
    }

    func linked(_ first: String, _ second: String) throws -> Bool {
        let all = try stories()
        guard let one = all[first]?.story, let other = all[second]?.story else { return false }
        return one == other
    }

    func id(_ stableID: String) throws -> UUID {
        try #require(try database.articles(ArticleQuery()).first { $0.itemID == stableID }).id
    }

    static let lede =
        "<p>The city council voted on Tuesday to approve a new budget that raises spending on parks, libraries "
        + "and public transport while cutting the cost of permits for small businesses across the region.</p>"
}

@Suite("Stories linked when they are stored")
struct StoryLinkingTests {
    @Test("a copy from another source is linked to the first, whichever arrives first", arguments: [false, true])
    func bothOrders(reversed: Bool) throws {
        let fixture = try StoryFixture()
        let (first, second) = reversed ? (fixture.b, fixture.a) : (fixture.a, fixture.b)
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("x", link: "https://news.example/story?utm_source=rss")], sourceID: first.id)
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("y", link: "http://www.news.example/story/#top")], sourceID: second.id)
        let stories = try fixture.stories()
        #expect(try fixture.linked("x", "y"))
        #expect(stories["x"]?.isDuplicate == false && stories["y"]?.isDuplicate == true)
    }

    @Test("two items of one source with one link are not a story: same source twice is no duplicate")
    func sameSource() throws {
        let fixture = try StoryFixture()
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("x", link: "https://news.example/story")], sourceID: fixture.a.id)
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("y", link: "https://news.example/story")], sourceID: fixture.a.id)
        #expect(try fixture.stories().values.allSatisfy { $0.story == nil && !$0.isDuplicate })
    }

    @Test("a link a source gives to several items, or a home page, links nothing")
    func ambiguousLinks() throws {
        let fixture = try StoryFixture()
        try fixture.database.mergeFetchedItems(
            [
                StoryFixture.item("a1", link: "https://blog.example/news"),
                StoryFixture.item("a2", link: "https://blog.example/news"),
                StoryFixture.item("a3", link: "https://site.example/"),
            ], sourceID: fixture.a.id)
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("b1", link: "https://blog.example/news"), StoryFixture.item("b2", link: "https://site.example")],
            sourceID: fixture.b.id)
        #expect(try fixture.stories().values.allSatisfy { $0.story == nil })
    }

    @Test("a third copy joins the story; the first stays its representative")
    func thirdCopy() throws {
        let fixture = try StoryFixture()
        for (source, id) in [(fixture.a, "x"), (fixture.b, "y"), (fixture.c, "z")] {
            try fixture.database.mergeFetchedItems(
                [StoryFixture.item(id, link: "https://news.example/story")], sourceID: source.id)
        }
        let stories = try fixture.stories()
        #expect(try fixture.linked("x", "y") && fixture.linked("x", "z"))
        #expect(stories["x"]?.isDuplicate == false && stories["y"]?.isDuplicate == true && stories["z"]?.isDuplicate == true)
    }

    @Test("the same title and text within days links two addresses; further apart, or another text, does not")
    func byText() throws {
        let fixture = try StoryFixture()
        let title = "Council approves budget"
        try fixture.database.mergeFetchedItems(
            [
                StoryFixture.item("x", link: "https://paper.example/a/1", title: title, summary: StoryFixture.lede),
                StoryFixture.item("old", link: "https://paper.example/a/0", title: "Old news", summary: StoryFixture.lede,
                    minutesAgo: 5 * 24 * 60),
            ], sourceID: fixture.a.id)
        try fixture.database.mergeFetchedItems(
            [
                // A syndicated copy: its own address, the same title (punctuated) and text, a day later.
                StoryFixture.item("y", link: "https://wire.example/9", title: "Council Approves Budget!",
                    summary: StoryFixture.lede, minutesAgo: -24 * 60),
                // The same title, another outlet's own text: another story.
                StoryFixture.item("other", link: "https://tv.example/5", title: title,
                    summary: "Residents packed the hall as the council debated the budget late into the night, with many speaking against the cuts."),
                // The same text as "old" and its title, but 5 days apart.
                StoryFixture.item("late", link: "https://wire.example/8", title: "Old news", summary: StoryFixture.lede),
            ], sourceID: fixture.b.id)
        #expect(try fixture.linked("x", "y"))
        #expect(try !fixture.linked("x", "other") && fixture.stories()["other"]?.story == nil)
        #expect(try fixture.stories()["late"]?.story == nil)
    }

    @Test("by text, one site's two pages with one title and opening are a template, not one story")
    func sameHostTemplate() throws {
        let fixture = try StoryFixture()
        let title = "Weekly update"
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("x", link: "https://site.example/updates/1", title: title, summary: StoryFixture.lede)],
            sourceID: fixture.a.id)
        // A copy elsewhere that starts like both pages joins the first, and does not bring the second in.
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("z", link: "https://mirror.example/1", title: title, summary: StoryFixture.lede)],
            sourceID: fixture.c.id)
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("y", link: "https://site.example/updates/2", title: title, summary: StoryFixture.lede)],
            sourceID: fixture.b.id)
        #expect(try fixture.linked("x", "z"))
        #expect(try fixture.stories()["y"]?.story == nil)
    }

    @Test("FeedBurner's origin link links a proxied item to the original")
    func originLink() throws {
        let fixture = try StoryFixture()
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("x", link: "https://blog.example/2024/post")], sourceID: fixture.a.id)
        try fixture.database.mergeFetchedItems(
            [
                StoryFixture.item(
                    "y", link: "http://feedproxy.google.com/~r/Blog/~3/XyZ/", originLink: "https://blog.example/2024/post/")
            ], sourceID: fixture.b.id)
        #expect(try fixture.linked("x", "y"))
    }

    @Test("a new copy takes the story's marks when each story is shown once, not otherwise", arguments: [true, false])
    func marksInherited(once: Bool) throws {
        let fixture = try StoryFixture()
        try fixture.database.mergeFetchedItems(
            [StoryFixture.item("x", link: "https://news.example/story")], sourceID: fixture.a.id)
        try fixture.database.setRead(true, articleIDs: [try fixture.id("x")])
        try fixture.database.setStarred(true, articleIDs: [try fixture.id("x")])
        let merged = try #require(
            try fixture.database.mergeFetchedItems(
                [StoryFixture.item("y", link: "https://news.example/story")], sourceID: fixture.b.id,
                showingStoriesOnce: once))
        let copy = try #require(try fixture.database.articles(ArticleQuery(sourceIDs: [fixture.b.id])).first)
        #expect(copy.isRead == once && copy.isStarred == once)
        #expect(merged.duplicates == StoryDuplicates(total: 1, unread: once ? 0 : 1, starred: once ? 1 : 0))
    }
}
