import Foundation
import ReduxVM
import Testing

@testable import RssCore

/// Filters through the query API: evaluated in SQL, they select exactly what the same expressions evaluated
/// in memory select (the model), with the query's other parts, limits and paging, and `age` from the
/// injected now.
@Suite("Filtered queries")
struct FilterQueryTests {
    /// A feed with what the samples lack: Cyrillic, accents, an empty author, markup words, a tracking link.
    static func extraFeed(in directory: TemporaryDirectory) throws -> URL {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        func date(_ secondsAgo: TimeInterval) -> String {
            formatter.string(from: ActivityFixtures.date.addingTimeInterval(-secondsAgo))
        }
        let items: [(String, String, String, String, String, TimeInterval)] = [
            (
                "1", "Новости дня: ПУТИН и Straße", "<author>ivan@example.org (Иван)</author>",
                "https://news.example/1?utm_source=feed",
                "&lt;p&gt;Short &lt;b&gt;bold&lt;/b&gt; text about a div&lt;/p&gt;", 3_600.0
            ),
            (
                "2", "École d’été: C++ and C#", "<author>ann@example.org (Ann Smith)</author>",
                "https://news.example/2",
                "Price: $5 (50% off)", 2 * 86_400
            ),
            ("3", "[AD] Buy now", "", "https://ads.example/3", "Sponsored", 10 * 86_400),
            (
                "4", "Swift 6.2 released", "<author>x@example.org (ann smith)</author>", "http://swift.org/blog/6-2",
                "Swift concurrency, golang too", 400 * 86_400
            ),
        ]
        let body = items.map { id, title, author, link, description, age in
            "<item><guid>extra-\(id)</guid><title>\(title)</title>\(author)<link>\(link)</link>"
                + "<description>\(description)</description><pubDate>\(date(age))</pubDate></item>"
        }.joined()
        let url = URL(fileURLWithPath: directory.path + "/extra.rss")
        try Data(
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Extra News</title>\(body)</channel></rss>".utf8
        )
        .write(to: url)
        return url
    }

    /// The six samples and the extra feed, tagged, some articles read or starred; every article with its text.
    static func store() async throws -> (Store<RssState>, [ArticleSnapshot], TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let store = try await ActivityFixtures.store(fetcher: FileFetcher())
        let tags: [String: [String]] = ["DaringFireball.json": ["Tech"], "russcox.atom": ["Tech", "Go"]]
        for name in [
            "DaringFireball.json", "bio.rdf", "qemu.atom", "russcox.atom", "scriptingNews.rss", "theomnishow.rss",
        ] {
            store.dispatch(AddSource(url: ActivityFixtures.sample(name), tags: tags[name] ?? []))
        }
        store.dispatch(AddSource(url: try extraFeed(in: directory), tags: ["News", "Русское"]))
        await store.idle()
        let ids = try await store.articles(ArticleQuery()).map(\.id)
        store.dispatch(SetRead(ids: ids.enumerated().filter { $0.offset % 3 == 0 }.map(\.element), isRead: true))
        for (offset, id) in ids.enumerated() where offset % 5 == 0 {
            store.dispatch(SetStarred(id: id, isStarred: true))
        }
        await store.idle()
        return (store, try await store.articles(ArticleQuery(includesBody: true)), directory)
    }

    static let atoms = [
        "unread", "starred", "not unread", "unread = false", "starred != true",
        "title contains swift", "title contains НОВОСТИ", "title contains 'c++'", "title = 'swift 6.2 released'",
        #"title ~ '^\[ad\]'"#, "title ~ '(?-i)Swift'", #"title ~ '\d+\.\d+'"#, "title ~ 'stra(ss|ße)'",
        "title contains é", "author = 'ann smith'", "author = ''", "author != ''", "author contains ИВ",
        "author ~ '^j'", "content contains div", "content contains 'bold text'", "content ~ 'go(lang)?\\b'",
        "content contains go", "content = sponsored", "link contains utm_", "link ~ '^http:'", "link = ''",
        "source contains fireball", "source = 'research!rsc'", "source ~ 'news|omni'", "tag = tech",
        "tag = русское", "tag contains e", "tag ~ '^g'", "tag != tech", "age > 7d", "age < 3d", "age > 365d",
        "age < 1w", "age > 1d12h",
    ]

    static func randomExpression(_ generator: inout SplitMix64, depth: Int = 0) -> String {
        let choice = depth >= 3 ? 0 : generator.next() % 5
        switch choice {
        case 1:
            return
                "(\(randomExpression(&generator, depth: depth + 1)) and \(randomExpression(&generator, depth: depth + 1)))"
        case 2:
            return
                "(\(randomExpression(&generator, depth: depth + 1)) or \(randomExpression(&generator, depth: depth + 1)))"
        case 3: return "not \(randomExpression(&generator, depth: depth + 1))"
        default: return atoms[Int(generator.next() % UInt64(atoms.count))]
        }
    }

    @Test("each condition and 100 random filters select in SQL what they select in memory, in the same order")
    func sqlAgreesWithMemory() async throws {
        let (store, all, directory) = try await Self.store()
        _ = directory
        #expect(all.count == 165)
        func check(_ text: String, counting: Bool) async throws {
            let filter = try ArticleFilter(text)
            var query = ArticleQuery()
            query.filter = filter
            let expected = all.filter { filter.matches($0, sources: store.state.sources, now: ActivityFixtures.date) }
            #expect(try await store.articles(query).map(\.id) == expected.map(\.id), "\(text)")
            if counting { #expect(try await store.articleCount(query) == expected.count, "\(text)") }
        }
        for atom in Self.atoms { try await check(atom, counting: true) }
        // Each reads the text of 165 articles (half a megabyte of HTML) once or twice: a debug build's pace.
        var generator = SplitMix64(seed: 16)
        for _ in 0..<100 { try await check(Self.randomExpression(&generator), counting: false) }
    }

    @Test("what some filters select, counted by hand")
    func knownCounts() async throws {
        let (store, _, directory) = try await Self.store()
        _ = directory
        let counts: [(String, Int)] = [
            ("tag = русское", 4), ("tag = РУССКОЕ and title contains новости", 1), ("title contains STRASSE", 0),
            ("title contains straße", 1), ("author contains 'ann smith'", 2), ("author = '' and tag = news", 1),
            ("content contains div and tag = news", 1), ("content contains '<b>'", 0), ("link contains utm_", 1),
            (#"title ~ '^\[ad\]'"#, 1), ("tag = news and age < 3d", 2), ("tag = news and age > 365d", 1),
            ("title contains 'c++' and title contains é", 1), ("title ~ '(?-i)swift'", 0),
        ]
        for (text, count) in counts {
            var query = ArticleQuery()
            query.filter = try ArticleFilter(text)
            #expect(try await store.articleCount(query) == count, "\(text)")
        }
    }

    @Test("a filter combines with the query's marks, sources, limits, order and paging")
    func withTheRestOfTheQuery() async throws {
        let (store, all, directory) = try await Self.store()
        _ = directory
        let filter = try ArticleFilter("not title contains the or tag = tech")
        let model = all.filter { filter.matches($0, sources: store.state.sources, now: ActivityFixtures.date) }
        var query = ArticleQuery(isRead: false, order: .oldestFirst, limit: 7)
        query.filter = filter
        let unread = model.filter { !$0.isRead }
        #expect(try await store.articles(query).map(\.id) == Array(unread.reversed().prefix(7)).map(\.id))
        #expect(try await store.articleCount(query) == unread.count)

        var pages: [UUID] = []
        var paging = ArticleQuery(limit: 10)
        paging.filter = filter
        while true {
            let page = try await store.articles(paging)
            pages += page.map(\.id)
            guard let last = page.last, page.count == 10 else { break }
            paging.after = last.position
        }
        #expect(pages == model.map(\.id))

        var perSource = ArticleQuery(limitPerSource: 2)
        perSource.filter = filter
        let found = try await store.articles(perSource)
        let expected = Dictionary(grouping: model, by: \.sourceID).values.flatMap { $0.prefix(2) }
        #expect(Set(found.map(\.id)) == Set(expected.map(\.id)))
        #expect(found.count == expected.count)
    }

    @Test("age is measured from the store's injected now, or from the filter's own")
    func ageFromInjectedNow() async throws {
        let (store, _, directory) = try await Self.store()
        _ = directory
        var query = ArticleQuery()
        query.filter = try ArticleFilter("tag = news and age < 3d")
        #expect(try await store.articleCount(query) == 2)  // 1 hour and 2 days before the store's now
        query.filter?.now = ActivityFixtures.date.addingTimeInterval(2 * 86_400 + 1_800)
        #expect(try await store.articleCount(query) == 1)
        query.filter?.now = ActivityFixtures.date.addingTimeInterval(30 * 86_400)
        #expect(try await store.articleCount(query) == 0)
        query.filter = try ArticleFilter("tag = news and age > 8d")
        query.filter?.now = ActivityFixtures.date.addingTimeInterval(-86_400)
        // 10 and 400 days before the store's now: 9 and 399 before the filter's.
        #expect(try await store.articleCount(query) == 2)
    }
}
