import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Rules at merge time, in the storage layer: applied to the new articles in the transaction that stores
/// them, never to known ones, in their order, never hiding or deleting a starred article.
@Suite("Rules applied by the merge")
struct RuleMergeTests {
    static func rule(_ name: String, _ text: String, _ action: ArticleRule.Action, _ scope: ArticleRule.Scope = .all)
        throws -> ArticleRule
    {
        ArticleRule(name: name, filter: try ArticleFilter(text), action: action, scope: scope)
    }

    /// The marks of each stored article of `source`, by stable id: "r" read, "h" hidden, "s" starred.
    static func marks(_ database: FeedDatabase, _ source: StoredSource) throws -> [String: String] {
        try database.read(.readArticles) { db in
            var marks: [String: String] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT stableId, isRead, isHidden, isStarred FROM article WHERE sourceId = ?",
                arguments: [source.id.uuidString])
            {
                let flags = [(row["isRead"] as Bool, "r"), (row["isHidden"] as Bool, "h"), (row["isStarred"] as Bool, "s")]
                marks[row["stableId"]] = flags.filter(\.0).map(\.1).joined()
            }
            return marks
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func eachActionOnNewArticlesAndTheCountsOfWhatIsLeft(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        let source = makeSource("a")
        try database.saveSource(source)
        try database.saveRule(Self.rule("seen", "title contains old", .read))
        try database.saveRule(Self.rule("ads", "title ~ \"^\\[ad\\]\"", .hide))
        try database.saveRule(Self.rule("spam", "title contains spam", .delete))
        try database.saveRule(Self.rule("keep", "title contains swift", .star))
        let items = [
            makeItem("1", title: "old news"), makeItem("2", title: "[ad] buy"), makeItem("3", title: "spam spam"),
            makeItem("4", title: "Swift 7"), makeItem("5", title: "plain"),
        ]
        let result = try #require(try database.mergeFetchedItems(items, sourceID: source.id))
        #expect(result.inserted == 4)  // the spam deleted before it was stored
        #expect(result.visible == 3)  // the ad hidden
        #expect(result.ruled == 4)
        #expect(result.unread == 2)  // "old news" read
        #expect(result.starred == 1)
        #expect(try Self.marks(database, source) == ["1": "r", "2": "rh", "4": "s", "5": ""])

        // Hidden articles are in no list and no count; a deleted one does not come back.
        #expect(try database.listArticles(ListFilter(), limit: 10).totalCount == 3)
        #expect(try database.search("buy", limit: 10).totalCount == 0)
        let counts = try database.articleCounts()
        #expect(counts.total == 3 && counts.unread == 2 && counts.starred == 1)
        let again = try #require(try database.mergeFetchedItems(items, sourceID: source.id))
        #expect(again.inserted == 0)
        #expect(try Self.marks(database, source)["3"] == nil)
    }

    /// The merge applies rules in memory, `rule apply` in SQL: on the same articles, both give the same marks.
    @Test func rulesAtMergeAndOnDemandAgree() throws {
        let rules = try [
            Self.rule("a", "title ~ \"^(swift|rust) \\d\" and not content contains beta", .star),
            Self.rule("b", "author = ann or link contains utm_", .read),
            Self.rule("c", "tag = news and (age > 15h or source contains nothing) and title contains hello", .hide),
            Self.rule("d", "content contains spam or title contains spam", .delete),
            Self.rule("e", "unread and not starred and title contains e", .read),
        ]
        let titles = ["Swift 6", "rust 1", "spam", "hello", "e"]
        var items: [FetchedItem] = (0..<40).map { (index: Int) -> FetchedItem in
            let title: String = titles[index % 5] + " \(index)"
            let link: String = index % 3 == 0 ? "https://x.example/?utm_a" : "https://x.example/\(index)"
            let author: String? = index % 4 == 0 ? "Ann" : nil
            let date: Date = referenceDate.addingTimeInterval(-Double(index) * 1_800)
            let summary: String = index % 7 == 0 ? "<p>beta spam</p>" : "<p>body</p>"
            return FetchedItem(
                stableID: "\(index)", title: title, link: link, author: author, publishedAt: date, summary: summary)
        }
        items.append(FetchedItem(stableID: "x", title: "Swift 7", summary: "<b>be</b>ta"))
        var marks: [[String: String]] = []
        for onDemand in [false, true] {
            let database = try FeedDatabase.inMemory()
            var source = makeSource("a feed")
            source.tags = ["news"]
            try database.saveSource(source)
            if !onDemand { for rule in rules { try database.saveRule(rule) } }
            try database.mergeFetchedItems(items, sourceID: source.id, now: referenceDate)
            if onDemand {
                for rule in rules.sorted(by: { ($0.action.rank, $0.id) < ($1.action.rank, $1.id) }) {
                    try database.saveRule(rule)
                    _ = try database.applyRule(named: rule.name, now: referenceDate)
                }
            }
            marks.append(try Self.marks(database, source))
        }
        #expect(marks[0] == marks[1])
        // Every action did something: some deleted, some hidden, some starred, some read.
        #expect(marks[0].count < items.count)
        #expect(Set(marks[0].values).isSuperset(of: ["rh", "s", "r", ""]))
    }

    @Test func knownArticlesAreLeftAloneAndAStarredArticleIsNeverHiddenOrDeleted() throws {
        let database = try FeedDatabase.inMemory()
        let source = makeSource("a")
        try database.saveSource(source)
        try database.mergeFetchedItems([makeItem("1", title: "swift ad")], sourceID: source.id)
        try database.saveRule(Self.rule("star", "title contains swift", .star))
        try database.saveRule(Self.rule("hide", "title contains ad", .hide))
        try database.saveRule(Self.rule("delete", "title contains ad", .delete))
        try database.mergeFetchedItems(
            [makeItem("1", title: "swift ad"), makeItem("2", title: "swift ad"), makeItem("3", title: "an ad")],
            sourceID: source.id)
        // 1 was known: untouched; 2 starred first, so neither hidden nor deleted; 3 hidden (hide runs first).
        #expect(try Self.marks(database, source) == ["1": "", "2": "s", "3": "rh"])
    }

    @Test func aRuleForOneSourceOrTagLooksAtThoseArticlesOnly() throws {
        let database = try FeedDatabase.inMemory()
        var a = makeSource("a")
        a.tags = ["news"]
        let b = makeSource("b")
        for source in [a, b] { try database.saveSource(source) }
        try database.saveRule(Self.rule("a-only", "title contains x", .read, .source(a.id)))
        try database.saveRule(Self.rule("news", "title contains y", .star, .tag("news")))
        for source in [a, b] {
            try database.mergeFetchedItems([makeItem("1", title: "x"), makeItem("2", title: "y")], sourceID: source.id)
        }
        #expect(try Self.marks(database, a) == ["1": "r", "2": "s"])
        #expect(try Self.marks(database, b) == ["1": "", "2": ""])
    }

    /// The rules run in the merge's transaction: when storing what one decided fails (here a trigger stands for a
    /// crash while a hidden article is stored, after the merge stored the one before it), nothing of the merge
    /// is stored, not even the fetch status, and the next merge stores the articles with their rules.
    @Test func aFailureWhileApplyingRulesStoresNothingOfTheMerge() throws {
        let directory = try TemporaryDirectory()
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        let source = makeSource("a")
        try database.saveSource(source)
        try database.saveRule(Self.rule("ads", "title contains ad", .hide))
        try database.writer.write { db in
            try db.execute(sql: """
                CREATE TRIGGER crash_in_rules BEFORE INSERT ON article WHEN new.isHidden = 1
                BEGIN SELECT RAISE(ABORT, 'crash while storing a ruled article'); END
                """)
        }
        let status = StoredFetchStatus(etag: "\"v2\"", lastSuccessAt: referenceDate)
        #expect(throws: DatabaseProblem.self) {
            try database.mergeFetchedItems(
                [makeItem("2", title: "news"), makeItem("1", title: "an ad")], sourceID: source.id, status: status)
        }
        #expect(try Self.marks(database, source).isEmpty)
        #expect(try database.source(id: source.id)?.fetchStatus.etag == nil)
        #expect(try database.listArticles(ListFilter(), limit: 10).totalCount == 0)

        try database.writer.write { db in try db.execute(sql: "DROP TRIGGER crash_in_rules") }
        let result = try database.mergeFetchedItems(
            [makeItem("1", title: "an ad"), makeItem("2", title: "news")], sourceID: source.id, status: status)
        #expect(result?.visible == 1)
        #expect(try Self.marks(database, source) == ["1": "rh", "2": ""])
        #expect(try database.source(id: source.id)?.fetchStatus.etag == "\"v2\"")
    }

    @Test func applyingOnDemandCountsWhatChangedAndSparesStarredArticles() throws {
        let database = try FeedDatabase.inMemory()
        let source = makeSource("a")
        try database.saveSource(source)
        try database.mergeFetchedItems((1...4).map { makeItem("\($0)", title: "ad \($0)") }, sourceID: source.id)
        try database.setStarred(true, articleIDs: [try #require(database.listArticles(ListFilter(), limit: 1).rows.first?.id)])
        try database.saveRule(Self.rule("ads", "title contains ad", .hide))
        let applied = try #require(try database.applyRule(named: "ADS", now: referenceDate))
        #expect(applied.articles == 3)
        #expect(applied.change.total == -3)
        #expect(applied.change.unreadBySource[source.id] == -3)
        #expect(try database.articleCounts().total == 1)
        #expect(try database.applyRule(named: "none", now: referenceDate) == nil)
        #expect(try database.applyRule(named: "ads", now: referenceDate)?.articles == 0)
    }

    @Test func aVersion4DatabaseUpgradesWithEveryArticleVisibleAndTheListsOnTheirIndexes() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("old")
        do {
            let queue = try directory.database(migratedUpTo: 3)
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, ?, ?, ?)",
                    arguments: [source.id.uuidString, source.url, source.title, referenceDate.storageValue])
                try db.execute(
                    sql: """
                        INSERT INTO article (id, sourceId, stableId, title, firstSeenAt, sortDate)
                        VALUES (?, ?, 'a', 'kept', ?, ?)
                        """,
                    arguments: [UUID().uuidString, source.id.uuidString, referenceDate.storageValue, referenceDate.storageValue])
            }
        }
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        #expect(try database.listArticles(ListFilter(marks: .unread), limit: 5).rows.map(\.title) == ["kept"])
        #expect(try database.articleCounts().unread == 1)
        let plan = try database.read(.readArticles) { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN SELECT count(*) FROM article WHERE isRead = 0 AND isHidden = 0"
            ).map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("COVERING INDEX article_unread_by_date"), "\(plan)")
    }

    @Test func rulesAndQueriesAreStoredByNameCaseIgnored() throws {
        let database = try FeedDatabase.inMemory()
        try database.saveRule(Self.rule("Ads", "title contains ad", .hide))
        try database.saveRule(Self.rule("ads", "title contains advert", .delete))
        try database.saveQuery(SavedQuery(name: "Swift", filter: try ArticleFilter("title contains swift")))
        var loaded = try database.loadRules()
        #expect(loaded.rules.map(\.name) == ["ads"])
        #expect(loaded.rules.first?.action == .delete)
        #expect(loaded.query(named: "SWIFT")?.filter.text == "title contains swift")
        #expect(try database.removeRule(named: "ADS"))
        #expect(try database.removeRule(named: "swift", query: true))
        #expect(try !database.removeRule(named: "swift", query: true))
        loaded = try database.loadRules()
        #expect(loaded == RulesState())
    }
}
