import Foundation
import GRDB
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The query API against a model: every combination of filters, orders and limits, evaluated in SQL, selects
/// what the same rules applied in Swift to every stored article select.
@Suite("The query API")
struct ArticleQueryTests {
    /// 4 sources (two tagged), 400 synthetic articles: every third read, a few starred.
    static func database() throws -> (FeedDatabase, [ArticleSnapshot]) {
        let database = try FeedDatabase.inMemory()
        let sources = try SyntheticFeeds.fill(database, sourceCount: 4, articleCount: 400)
        var tagged = sources
        tagged[0].tags = ["tech", "daily"]
        tagged[2].tags = ["tech"]
        tagged[3].tags = ["news"]
        try database.saveSources(tagged)
        try database.setStarred(true, articleIDs: (0..<400).filter { $0 % 13 == 0 }.map { SyntheticFeeds.uuid(prefix: 0xA, $0) })
        // Stored and changed at times of their own, spread over the same hours as the dates.
        try database.write(.storeFeed) { db in
            try db.execute(sql: """
                UPDATE article SET firstSeenAt = sortDate + (rowid % 7) * 600,
                    changedAt = CASE WHEN rowid % 5 = 0 THEN sortDate + 3600 ELSE changedAt END
                """)
        }
        let all = try database.articles(ArticleQuery(includesBody: true))
        return (database, all)
    }

    @Test("500 random queries select what the model selects, in the same order")
    func randomQueriesMatchTheModel() throws {
        let (database, all) = try Self.database()
        let model = QueryModel(articles: all, tags: try database.loadSources().reduce(into: [:]) { $0[$1.id] = $1.tags })
        #expect(all.count == 400)
        var generator = SplitMix64(seed: 7)
        for round in 0..<500 {
            var query = QueryModel.randomQuery(using: &generator, sources: Array(model.tags.keys).sorted { $0.uuidString < $1.uuidString })
            if generator.next() % 4 == 0 {
                // Page after a position the full result holds.
                query.limit = nil
                let full = model.select(query)
                if !full.isEmpty { query.after = full[Int(generator.next() % UInt64(full.count))].position }
                query.limit = Int(generator.next() % 30)
            }
            let expected = model.select(query).map(\.id)
            let actual = try database.articles(query).map(\.id)
            #expect(actual == expected, "round \(round): \(query)")
            #expect(try database.countArticles(query) == model.count(query), "round \(round): \(query)")
            if actual != expected { return }
        }
    }

    @Test("reading a long result a page at a time gives every article once, in order")
    func pagingWithAfter() throws {
        let (database, _) = try Self.database()
        for order in ArticleQuery.Order.allCases {
            var query = ArticleQuery(isRead: false, order: order, limit: 37)
            let whole = try database.articles(ArticleQuery(isRead: false, order: order)).map(\.id)
            var pages: [UUID] = []
            while true {
                let page = try database.articles(query)
                pages += page.map(\.id)
                guard let last = page.last, page.count == 37 else { break }
                query.after = last.position
            }
            #expect(pages == whole)
            #expect(whole.count == 266)  // 400 less every third
        }
    }

    @Test("a snapshot carries every field, its text only when asked, and its text as plain lines")
    func snapshotFields() throws {
        let database = try FeedDatabase.inMemory()
        let source = StoredSource(url: "https://example.org/feed", title: "Example", addedAt: Date(timeIntervalSince1970: 0))
        try database.saveSource(source)
        let item = FetchedItem(
            stableID: "urn:example:1", title: "Title", link: "https://example.org/1", author: "Ann",
            publishedAt: Date(timeIntervalSince1970: 1_000), updatedAt: Date(timeIntervalSince1970: 2_000),
            summary: "Short", contentHTML: "<p>Long <a href=\"https://example.org/x\">text</a></p>",
            enclosureURL: "https://example.org/1.mp3", enclosureType: "audio/mpeg", categories: ["a", "b"])
        try database.mergeFetchedItems([item], sourceID: source.id, now: Date(timeIntervalSince1970: 3_000))
        let light = try #require(try database.articles(ArticleQuery()).first)
        #expect(light.itemID == "urn:example:1" && light.title == "Title" && light.author == "Ann")
        #expect(light.link?.absoluteString == "https://example.org/1")
        #expect(light.date == Date(timeIntervalSince1970: 1_000) && light.published == light.date)
        #expect(light.updated == Date(timeIntervalSince1970: 2_000))
        #expect(light.firstSeen == Date(timeIntervalSince1970: 3_000))
        #expect(light.enclosure?.url.absoluteString == "https://example.org/1.mp3" && light.enclosure?.type == "audio/mpeg")
        #expect(light.categories == ["a", "b"])
        #expect(light.body == nil)
        let full = try #require(try database.snapshot(id: light.id))
        #expect(full.body?.summaryHTML == "Short")
        #expect(full.body?.html == "<p>Long <a href=\"https://example.org/x\">text</a></p>")
        #expect(full.body?.plainText(width: 40) == "Long text[1]\n\n[1] https://example.org/x")
    }

    @Test("the typical reads use the date indexes, with no sort of the whole table")
    func plans() throws {
        let database = try FeedDatabase.inMemory()
        try SyntheticFeeds.fill(database, sourceCount: 20, articleCount: 2_000)
        try database.write(.check) { db in try db.execute(sql: "ANALYZE") }
        let queries = [
            ArticleQuery(isRead: false, limit: 50), ArticleQuery(isStarred: true, limit: 50),
            ArticleQuery(since: Date(timeIntervalSince1970: 1_749_000_000), limit: 50),
            ArticleQuery(sourceIDs: [SyntheticFeeds.uuid(prefix: 0x5, 3)], isRead: false, limit: 50),
            ArticleQuery(isRead: false, order: .oldestFirst, limit: 50),
        ]
        for query in queries {
            let sql = try #require(ArticleSQL(query))
            let plan = try database.read(.check) { db in
                try Row.fetchAll(
                    db,
                    sql: "EXPLAIN QUERY PLAN SELECT article.id \(sql.fromWhere) \(ArticleSQL.orderBy(query.order)) LIMIT 50",
                    arguments: sql.arguments
                ).map { $0["detail"] as String }
            }.joined(separator: " | ")
            #expect(plan.contains("USING INDEX"), "\(query): \(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(query): \(plan)")
        }
    }
}

@Suite("The query API on a running store")
struct StoreQueryTests {
    static func store() async throws -> Store<RssState> {
        let database = try FeedDatabase.inMemory()
        try SyntheticFeeds.fill(database, sourceCount: 3, articleCount: 90)
        return try await ActivityFixtures.store(fetcher: FailingFetcher(), database: database)
    }

    @Test("a query sees the marks dispatched just before it, and changes no state")
    func seesEarlierActionsAndChangesNothing() async throws {
        for _ in 0..<20 {
            let store = try await Self.store()
            let before = store.state
            let id = SyntheticFeeds.uuid(prefix: 0xA, 40)
            store.dispatch(SetStarred(id: id, isStarred: true))
            let starred = try await store.articles(ArticleQuery(isStarred: true))
            #expect(starred.contains { $0.id == id })
            await store.idle()
            // No list was reloaded, moved or refiltered, no setting written, no route taken.
            #expect(store.state.lists.first.filter == before.lists.first.filter)
            #expect(store.state.settings == before.settings)
            #expect(store.state.lists.first.generation == before.lists.first.generation)
            #expect(store.state.lists.second.generation == before.lists.second.generation)
            #expect(store.state.route == before.route)
        }
    }

    @Test("reading an article's text neither routes to it nor marks it read")
    func articleWithoutMarking() async throws {
        let store = try await Self.store()
        let id = SyntheticFeeds.uuid(prefix: 0xA, 1)  // unread
        let unread = store.state.counts.unread
        let article = try #require(try await store.article(id: id))
        #expect(!article.isRead)
        #expect(article.body?.html.isEmpty == false)
        await store.idle()
        #expect(store.state.route == .lists)
        #expect(store.state.counts.unread == unread)
        #expect(try await store.article(id: UUID()) == nil)
    }

    @Test("the first 50 unread, counted and read")
    func firstUnread() async throws {
        let store = try await Self.store()
        let query = ArticleQuery(isRead: false, limit: 50)
        let first = try await store.articles(query)
        #expect(first.count == 50)
        #expect(first.allSatisfy { !$0.isRead })
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.date >= $1.date })
        #expect(try await store.articleCount(query) == 60)
    }

    @Test("per-source counts, read at once, are what counting each source's articles gives, after marks")
    func countsBySource() async throws {
        let store = try await Self.store()
        store.dispatch(SetStarred(id: SyntheticFeeds.uuid(prefix: 0xA, 2), isStarred: true))
        store.dispatch(SetRead(ids: (0..<90).filter { $0 % 4 == 1 }.map { SyntheticFeeds.uuid(prefix: 0xA, $0) }, isRead: true))
        let counts = try await store.articleCountsBySource()
        let sources = store.state.sources.all.map(\.id)
        #expect(sources.count == 3 && Set(counts.keys) == Set(sources))
        for source in sources {
            let expected = SourceArticleCounts(
                total: try await store.articleCount(ArticleQuery(sourceIDs: [source])),
                unread: try await store.articleCount(ArticleQuery(sourceIDs: [source], isRead: false)),
                starred: try await store.articleCount(ArticleQuery(sourceIDs: [source], isStarred: true)))
            #expect(counts[source] == expected)
            #expect(counts[source]?.unread == store.state.counts.unread(in: source))
        }
        #expect(counts.values.reduce(0) { $0 + $1.total } == 90)
    }
}

/// The query rules applied in Swift to every article: the model the SQL is checked against.
struct QueryModel {
    let articles: [ArticleSnapshot]
    let tags: [UUID: [String]]

    func count(_ query: ArticleQuery) -> Int {
        var unlimited = query
        unlimited.limit = nil
        return select(unlimited).count
    }

    func select(_ query: ArticleQuery) -> [ArticleSnapshot] {
        var found = articles.filter { matches($0, query) }
        if let perSource = query.limitPerSource {
            let newestFirst = found.sorted { a, b in
                query.order.isByDate ? b.position.precedes(a.position) : a.number > b.number
            }
            var kept: [UUID: Int] = [:]
            found = newestFirst.filter { article in
                kept[article.sourceID, default: 0] += 1
                return kept[article.sourceID]! <= perSource
            }
        }
        found.sort { Self.comes($0.position, before: $1.position, in: query.order) }
        if let after = query.after {
            found = found.filter { Self.comes(after, before: $0.position, in: query.order) }
        }
        if let limit = query.limit { found = Array(found.prefix(limit)) }
        return found
    }

    /// Whether `a` comes before `b` in `order`.
    static func comes(_ a: ArticleSnapshot.Position, before b: ArticleSnapshot.Position, in order: ArticleQuery.Order) -> Bool {
        switch order {
        case .newestFirst: b.precedes(a)
        case .oldestFirst: a.precedes(b)
        case .lowestNumberFirst: a.storageOrder < b.storageOrder
        case .highestNumberFirst: a.storageOrder > b.storageOrder
        }
    }

    private func matches(_ article: ArticleSnapshot, _ query: ArticleQuery) -> Bool {
        if let sources = query.sourceIDs, !sources.contains(article.sourceID) { return false }
        if let numbers = query.numbers, !numbers.contains(article.number) { return false }
        if let wanted = query.tags, Set(tags[article.sourceID] ?? []).isDisjoint(with: wanted) { return false }
        if let isRead = query.isRead, article.isRead != isRead { return false }
        if let isStarred = query.isStarred, article.isStarred != isStarred { return false }
        if let since = query.since, article.date < since { return false }
        if let before = query.before, article.date >= before { return false }
        if let since = query.storedSince, article.firstSeen < since { return false }
        if let before = query.storedBefore, article.firstSeen >= before { return false }
        if let since = query.changedSince, article.changed < since { return false }
        if let before = query.changedBefore, article.changed >= before { return false }
        if let above = query.numbersAbove, article.number <= above { return false }
        if let below = query.numbersBelow, article.number >= below { return false }
        if let text = query.searchText, !text.allSatisfy(\.isWhitespace) {
            let words = (article.title + " " + (article.body?.summaryHTML ?? "")).lowercased()
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            for term in text.lowercased().split(separator: " ") where !words.contains(where: { $0.hasPrefix(term) }) {
                return false
            }
        }
        return true
    }

    static func randomQuery(using generator: inout SplitMix64, sources: [UUID]) -> ArticleQuery {
        func maybe(_ chance: UInt64 = 3) -> Bool { generator.next() % chance == 0 }
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        let base = 1_750_000_000.0
        var query = ArticleQuery()
        if maybe() { query.sourceIDs = Set(sources.filter { _ in maybe(2) }) }
        if maybe(4) { query.tags = Set([pick(["tech", "daily", "news", "none"])] + (maybe(2) ? ["news"] : [])) }
        if maybe() { query.isRead = pick([true, false]) }
        if maybe() { query.isStarred = pick([true, false]) }
        if maybe() { query.since = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        if maybe(4) { query.before = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        if maybe(4) { query.searchText = pick(["zeppelin", "topic1", "swift server", "marma", "  ", "quasar obsidian"]) }
        query.order = pick(ArticleQuery.Order.allCases)
        if maybe() { query.limitPerSource = Int(generator.next() % 12) }
        if maybe() { query.limit = Int(generator.next() % 60) }
        // Numbers of stored articles and of none (the 400 articles are numbered from 1).
        if maybe(5) { query.numbers = Set((0..<generator.next() % 40).map { _ in Int64(generator.next() % 420) }) }
        if maybe(6) { query.numbersAbove = Int64(generator.next() % 420) }
        if maybe(6) { query.numbersBelow = Int64(generator.next() % 420) }
        // First seen and changed times of the synthetic articles are spread over the same hours as their dates.
        if maybe(6) { query.storedSince = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        if maybe(6) { query.storedBefore = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        if maybe(6) { query.changedSince = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        if maybe(6) { query.changedBefore = Date(timeIntervalSince1970: base - Double(generator.next() % 24_000)) }
        return query
    }
}
