import Foundation
import GRDB
import Testing
@testable import RssCore

/// The counts maintained in `article_count` (by the writers that insert, by triggers for every other change),
/// checked against a full recount after every one of many random writes, and against the count changes the writes
/// return.
@Suite("Maintained article counts")
struct ArticleCountTests {
    /// The counts per source as a full scan of the articles finds them.
    private func recount(_ database: FeedDatabase) throws -> [String: [Int]] {
        try database.writer.read { db in
            var counts: [String: [Int]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT sourceId, count(*) AS total, sum(isRead = 0) AS unread, sum(isStarred) AS starred,
                    sum(isDuplicate) AS duplicates, sum(isDuplicate AND isRead = 0) AS unreadDuplicates,
                    sum(isDuplicate AND isStarred) AS starredDuplicates
                FROM article GROUP BY sourceId
                """)
            {
                counts[row["sourceId"]] = [
                    row["total"], row["unread"], row["starred"], row["duplicates"], row["unreadDuplicates"],
                    row["starredDuplicates"],
                ]
            }
            return counts
        }
    }

    /// The maintained counts per source, without the rows of sources left with no article.
    private func maintained(_ database: FeedDatabase) throws -> [String: [Int]] {
        try database.writer.read { db in
            var counts: [String: [Int]] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT sourceId, total, unread, starred, duplicates, unreadDuplicates, starredDuplicates
                FROM article_count
                """)
            where (row["total"] as Int) != 0 || (row["unread"] as Int) != 0 || (row["starred"] as Int) != 0 {
                counts[row["sourceId"]] = [
                    row["total"], row["unread"], row["starred"], row["duplicates"], row["unreadDuplicates"],
                    row["starredDuplicates"],
                ]
            }
            return counts
        }
    }

    @Test("after each of 400 random writes, the counts equal a recount and the changes the writes returned", arguments: DatabaseKind.allCases)
    func randomWrites(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        var random = SplitMix64(seed: 14)
        var sources: [StoredSource] = []
        var applied = ArticleCounts()
        var mostDuplicates = 0
        var nextItem = 0
        func someArticles() throws -> [UUID] {
            let all = try database.articles(ArticleQuery()).map(\.id)
            return all.isEmpty ? [] : (0..<Int.random(in: 1...4, using: &random)).map { _ in all.randomElement(using: &random)! }
        }
        for step in 0..<400 {
            let operation = sources.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
            var change = CountChange()
            switch operation {
            case 0:  // a new source
                let source = makeSource("s\(step)", order: step)
                try database.saveSource(source)
                sources.append(source)
            case 1, 2:  // a fetch: new items, and known ones whose text changed
                let source = sources.randomElement(using: &random)!
                let known = (0..<2).map { _ in makeItem("i\(Int.random(in: 0...max(0, nextItem), using: &random))", summary: "changed \(step)") }
                let new = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                    nextItem += 1
                    return makeItem("i\(nextItem)", minutesAgo: Double(Int.random(in: 0...10_000, using: &random)))
                }
                // Known items of other sources come back here as new ones: copies of their stories.
                let merged = try database.mergeFetchedItems(
                    known + new, sourceID: source.id, showingStoriesOnce: Bool.random(using: &random))
                change = CountChange(
                    total: merged?.visible ?? 0, unreadBySource: [source.id: merged?.unread ?? 0],
                    starred: merged?.starred ?? 0, duplicates: merged?.duplicates ?? StoryDuplicates())
            case 3, 4:
                change = try database.setRead(
                    Bool.random(using: &random), articleIDs: try someArticles(), everyCopy: Bool.random(using: &random))
            case 5:
                change = try database.setStarred(
                    Bool.random(using: &random), articleIDs: try someArticles(), everyCopy: Bool.random(using: &random))
            case 6:
                change = try database.markAllRead(
                    sourceIDs: Bool.random(using: &random) ? [sources.randomElement(using: &random)!.id] : nil,
                    everyCopy: Bool.random(using: &random))
            case 7:  // a source removed with its articles
                let index = Int.random(in: 0..<sources.count, using: &random)
                change = try database.removeSource(id: sources.remove(at: index).id) ?? CountChange()
            case 8:  // a purge
                change = try database.applyRetention(
                    RetentionPolicy(
                        maxAgeDays: Bool.random(using: &random) ? 3 : nil,
                        maxArticlesPerSource: Int.random(in: 2...12, using: &random)),
                    now: referenceDate)
            default:  // an import through the bulk path
                let source = sources.randomElement(using: &random)!
                let articles = (0..<3).map { index in
                    nextItem += 1
                    return StoredArticle(
                        id: UUID(), sourceID: source.id, stableID: "bulk\(nextItem)", title: "Bulk \(index)", link: nil,
                        author: nil, publishedAt: referenceDate, updatedAt: nil, summary: nil, contentHTML: nil,
                        enclosureURL: nil, enclosureType: nil, firstSeenAt: referenceDate, isRead: index == 0,
                        isStarred: index == 1)
                }
                let inserted = try database.bulkInsert(sources: [], articles: articles)
                change = CountChange(total: inserted, unreadBySource: [source.id: 2], starred: 1)
            }
            applied.apply(change)
            // A removed source's unread count leaves the state with it.
            applied.unreadBySource = applied.unreadBySource.filter { id, _ in sources.contains { $0.id == id } }
            try #require(try maintained(database) == recount(database), "step \(step), operation \(operation)")
            try #require(try database.articleCounts() == applied, "step \(step), operation \(operation)")
            try #require(try representatives(database).isEmpty, "step \(step), operation \(operation)")
            mostDuplicates = max(mostDuplicates, applied.duplicates.total)
        }
        #expect(applied.total > 20 && applied.unread > 0 && applied.starred > 0)
        #expect(mostDuplicates > 0, "some fetch brought a copy of another source's article")
    }

    /// The stories whose duplicate marks are wrong: the first visible copy must be the only one unmarked.
    private func representatives(_ database: FeedDatabase) throws -> [Int64] {
        try database.writer.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT story FROM article WHERE story IS NOT NULL GROUP BY story
                HAVING sum(isDuplicate) <> max(0, sum(isHidden = 0) - 1)
                    OR max(CASE WHEN isDuplicate = 0 AND isHidden = 0 THEN rowid END)
                        <> min(CASE WHEN isHidden = 0 THEN rowid END)
                """)
        }
    }

    @Test("list totals and query counts without a search are read from the counts, and agree with the rows", arguments: DatabaseKind.allCases)
    func countsOfFiltersAgreeWithRows(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        var a = makeSource("a", order: 0), b = makeSource("b", order: 1)
        a.tags = ["news"]
        b.tags = ["news", "tech"]
        try database.saveSources([a, b, makeSource("c", order: 2)])
        try database.mergeFetchedItems((0..<9).map { makeItem("a\($0)", minutesAgo: Double($0)) }, sourceID: a.id)
        try database.mergeFetchedItems((0..<4).map { makeItem("b\($0)", minutesAgo: Double($0)) }, sourceID: b.id)
        let ids = try database.articles(ArticleQuery()).map(\.id)
        try database.setRead(true, articleIDs: Array(ids.prefix(5)))
        try database.setStarred(true, articleIDs: [ids[1], ids[7]])
        let queries = [
            ArticleQuery(), ArticleQuery(isRead: false), ArticleQuery(isRead: true), ArticleQuery(isStarred: true),
            ArticleQuery(isStarred: false), ArticleQuery(sourceIDs: [b.id], isRead: false),
            ArticleQuery(sourceIDs: [a.id, b.id], isStarred: true), ArticleQuery(tags: ["tech"]),
            ArticleQuery(tags: ["news"], isRead: true), ArticleQuery(isRead: false, isStarred: true),
        ]
        for query in queries {
            let sql = try #require(ArticleSQL(query))
            #expect(sql.countSQL.contains("article_count") == (query.isRead == nil || query.isStarred == nil))
            #expect(try database.countArticles(query) == database.articles(query).count, "\(query)")
        }
        let unreadOfA = try database.articles(ArticleQuery(sourceIDs: [a.id], isRead: false)).count
        #expect(unreadOfA > 0 && unreadOfA < 9)
        #expect(try database.listArticles(ListFilter(marks: .unread, sourceID: a.id), limit: 1).totalCount == unreadOfA)
    }

    @Test("a database of the version before is counted when it is opened")
    func migrationCounts() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("old")
        try directory.fill(
            before: FeedSchema.articleCountsMigration, source: source, stableIDs: (0..<5).map { "\($0)" },
            then: [
                "UPDATE article SET isRead = 1 WHERE stableId IN ('1', '2')",
                "UPDATE article SET isStarred = 1 WHERE stableId = '3'",
            ])
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        #expect(try database.articleCounts() == ArticleCounts(total: 5, unread: 3, starred: 1, unreadBySource: [source.id: 3]))
        #expect(try database.setRead(true, articleIDs: database.articles(ArticleQuery(isRead: false, limit: 1)).map(\.id)) == CountChange(unreadBySource: [source.id: -1]))
        #expect(try database.articleCounts().unread == 2)
    }
}

@Suite("New articles counted by the writers that insert them")
struct InsertedArticleCountTests {
    @Test("a database of the version before loses its insert trigger, keeps its counts, and counts merges")
    func upgradeDropsTheInsertTrigger() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("old")
        try directory.fill(
            before: FeedSchema.articleCountInsertsByWritersMigration, source: source,
            stableIDs: (0..<3).map { "old-\($0)" }, then: ["UPDATE article SET isRead = 1 WHERE stableId = 'old-0'"])
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        let triggers = try database.read(.check) { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'article'")
        }
        #expect(!triggers.contains("article_count_insert"))
        #expect(triggers.contains("article_count_marks") && triggers.contains("article_count_delete"))
        #expect(try database.articleCounts() == ArticleCounts(total: 3, unread: 2, starred: 0, unreadBySource: [source.id: 2]))

        // New items only: the plain inserts above are not in the search index, which an update would look for.
        let merged = try database.mergeFetchedItems([makeItem("new-1"), makeItem("new-2")], sourceID: source.id)
        #expect(merged?.inserted == 2)
        #expect(try database.articleCounts() == ArticleCounts(total: 5, unread: 4, starred: 0, unreadBySource: [source.id: 4]))
    }

    @Test("a merge whose items a rule hides or stars counts the visible ones only")
    func hiddenByRulesCountNowhere() throws {
        let database = try FeedDatabase.inMemory()
        let source = makeSource("ruled")
        try database.saveSource(source)
        try database.saveRule(ArticleRule(name: "hide ads", filter: try ArticleFilter("title contains ad"), action: .hide))
        try database.saveRule(ArticleRule(name: "star swift", filter: try ArticleFilter("title contains swift"), action: .star))
        let items = [makeItem("1", title: "an ad"), makeItem("2", title: "swift news"), makeItem("3", title: "plain")]
        let merged = try #require(try database.mergeFetchedItems(items, sourceID: source.id))
        #expect(merged.inserted == 3 && merged.visible == 2 && merged.starred == 1)
        #expect(try database.articleCounts() == ArticleCounts(total: 2, unread: 2, starred: 1, unreadBySource: [source.id: 2]))
    }
}

extension TemporaryDirectory {
    /// Makes the database at the schema just before `migration`, with `source` and its articles `stableIDs`
    /// inserted by plain statements (the merge writes the current schema: its rules, hidden articles), counted by
    /// that schema's triggers if it has any; then runs `statements`.
    fileprivate func fill(before migration: String, source: StoredSource, stableIDs: [String], then statements: [String]) throws {
        let previous = try #require(FeedSchema.migrationIdentifiers.firstIndex(of: migration))
        let queue = try database(migratedUpTo: previous - 1)
        try queue.write { db in
            // The columns every version has: this version's own writer knows columns older files lack.
            try db.execute(
                sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, ?, ?, ?)",
                arguments: [source.id.uuidString, source.url, source.title, source.addedAt.storageValue])
            for stableID in stableIDs {
                try db.execute(
                    sql: "INSERT INTO article (id, sourceId, stableId, title, firstSeenAt, sortDate) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: [
                        UUID().uuidString, source.id.uuidString, stableID, "Title \(stableID)", referenceDate.storageValue,
                        referenceDate.storageValue,
                    ])
            }
            for statement in statements {
                try db.execute(sql: statement)
            }
        }
    }
}
