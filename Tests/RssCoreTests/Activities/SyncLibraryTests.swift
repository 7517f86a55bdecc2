import FeedParser
import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @_spi(Serve) @testable import RssCore

/// What sync clients need of the library, on a real store: numbers for sources, tags and articles that are
/// never given to something else, tags that exist on their own and keep their numbers across renames, the time
/// an article last changed, "mark all read" within a bound, and a policy that stays with a source.
@Suite("The library as sync clients see it", .timeLimit(.minutes(5)))
struct SyncLibraryTests {
    typealias F = ActivityFixtures

    @Test("source numbers are never given again, even to a source added after the highest was removed")
    func sourceNumbers() async throws {
        let store = try await F.store()
        let (a, b) = (UUID(), UUID())
        store.dispatch(AddSource(url: F.sample("qemu.atom"), id: a, date: F.date))
        store.dispatch(AddSource(url: F.sample("russcox.atom"), id: b, date: F.date))
        await store.idle()
        let first = try await store.libraryNumbers()
        #expect(Set(first.sources.values).count == 2)
        let highest = try #require(first.sources[b])
        store.dispatch(RemoveSource(id: b))
        let c = UUID()
        store.dispatch(AddSource(url: F.sample("scriptingNews.rss"), id: c, date: F.date))
        await store.idle()
        let second = try await store.libraryNumbers()
        #expect(second.sources[a] == first.sources[a])
        #expect(second.sources[b] == nil)
        #expect((second.sources[c] ?? 0) > highest)
        #expect(second.source(numbered: highest) == nil)
    }

    @Test("article numbers are never given again after the newest articles were removed with their source")
    func articleNumbers() async throws {
        let database = try FeedDatabase.inMemory()
        let first = StoredSource(url: "https://example.org/a", addedAt: F.date)
        let second = StoredSource(url: "https://example.org/b", addedAt: F.date)
        try database.saveSources([first, second])
        try database.mergeFetchedItems((0..<3).map { FetchedItem(stableID: "a\($0)", title: "a\($0)") }, sourceID: first.id)
        try database.mergeFetchedItems((0..<3).map { FetchedItem(stableID: "b\($0)", title: "b\($0)") }, sourceID: second.id)
        let highest = try database.articles(ArticleQuery()).map(\.number).max() ?? 0
        try database.removeSource(id: second.id)
        try database.mergeFetchedItems((3..<5).map { FetchedItem(stableID: "a\($0)", title: "a\($0)") }, sourceID: first.id)
        let new = try database.articles(ArticleQuery()).filter { ["a3", "a4"].contains($0.title) }.map(\.number)
        #expect(new.count == 2 && new.allSatisfy { $0 > highest }, "\(new) after \(highest)")
    }

    @Test("tags have numbers; a tag made alone exists without sources; a rename keeps the number, a delete forgets it")
    func tagRegistry() async throws {
        let store = try await F.store()
        let (qemu, rsc) = (UUID(), UUID())
        store.dispatch(AddSource(url: F.sample("qemu.atom"), tags: ["dev"], id: qemu, date: F.date))
        store.dispatch(AddSource(url: F.sample("russcox.atom"), tags: ["go", "dev"], id: rsc, date: F.date))
        store.dispatch(CreateTag(name: "  #empty  "))
        store.dispatch(AddRule(ArticleRule(name: "quiet", filter: try ArticleFilter("title contains zzz"), action: .read, scope: .tag("go"))))
        await store.idle()
        let before = try await store.libraryNumbers()
        #expect(before.tags.map(\.name) == ["dev", "empty", "go"])
        #expect(before.tag(named: "empty")?.isKept == true && before.tag(named: "dev")?.isKept == false)
        let go = try #require(before.tag(named: "go")?.number)

        store.dispatch(RenameTag(from: "go", to: "golang"))
        await store.idle()
        let renamed = try await store.libraryNumbers()
        #expect(renamed.tag(named: "golang")?.number == go && renamed.tag(named: "go") == nil)
        #expect(store.state.sources[rsc]?.tags == ["golang", "dev"])
        #expect(store.state.rules.rule(named: "quiet")?.scope == .tag("golang"))

        // Renamed onto a tag that exists: merged, once per source, keeping the number of the one kept.
        let dev = try #require(renamed.tag(named: "dev")?.number)
        store.dispatch(RenameTag(from: "golang", to: "dev"))
        await store.idle()
        let merged = try await store.libraryNumbers()
        #expect(merged.tag(named: "dev")?.number == dev && merged.tags.map(\.name) == ["dev", "empty"])
        #expect(store.state.sources[rsc]?.tags == ["dev"])

        store.dispatch(DeleteTag(name: "dev"))
        store.dispatch(DeleteTag(name: "empty"))
        await store.idle()
        #expect(try await store.libraryNumbers().tags.isEmpty)
        #expect(store.state.sources.all.allSatisfy { $0.tags.isEmpty })
        // Another store on the database reads the same.
        let reloaded = try await F.store(database: store.service(LibraryService.self)?.database)
        #expect(reloaded.state.sources.all.allSatisfy { $0.tags.isEmpty })
    }

    @Test("a mark dates the article as changed; stored and changed times and number ranges select in SQL")
    func changedTimes() async throws {
        let database = try FeedDatabase.inMemory()
        let source = StoredSource(url: "https://example.org/a", addedAt: F.date)
        try database.saveSource(source)
        // A new tag is registered, and the write still says the source was there.
        #expect(try database.setSourceTags(id: source.id, ["a new tag"]))
        #expect(try database.libraryNumbers().tags.map(\.name) == ["a new tag"])
        #expect(try !database.setSourceTags(id: UUID(), ["a new tag"]))
        let stored = Date(timeIntervalSince1970: 1_700_000_000)
        try database.mergeFetchedItems((0..<4).map { FetchedItem(stableID: "\($0)", title: "t\($0)") }, sourceID: source.id, now: stored)
        let articles = try database.articles(ArticleQuery(order: .lowestNumberFirst))
        #expect(articles.allSatisfy { $0.changed == stored && $0.firstSeen == stored })
        let marked = Date(timeIntervalSince1970: 1_700_000_500)
        try database.setRead(true, articleIDs: [articles[1].id], now: marked)
        try database.setStarred(true, articleIDs: [articles[2].id], now: marked)
        func query(_ change: (inout ArticleQuery) -> Void) -> ArticleQuery {
            var query = ArticleQuery(order: .lowestNumberFirst)
            change(&query)
            return query
        }
        #expect(try database.articles(query { $0.changedSince = marked }).map(\.title) == ["t1", "t2"])
        #expect(try database.articles(query { $0.storedSince = marked }).isEmpty)
        #expect(try database.articles(query { $0.changedBefore = marked }).map(\.title) == ["t0", "t3"])
        let numbers = articles.map(\.number)
        #expect(try database.articles(query {
            $0.numbersAbove = numbers[0]
            $0.numbersBelow = numbers[3]
            $0.order = .highestNumberFirst
        }).map(\.title) == ["t2", "t1"])
        // Mark all read up to a number, and before a storage time.
        try database.markAllRead(bound: .numberedUpTo(numbers[2]), now: marked)
        #expect(try database.articles(ArticleQuery(isRead: false)).map(\.title) == ["t3"])
        try database.markAllRead(bound: .storedBefore(stored), now: marked)
        #expect(try database.articles(ArticleQuery(isRead: false)).map(\.title) == ["t3"])
        try database.markAllRead(bound: .storedBefore(stored.addingTimeInterval(1)), now: marked)
        #expect(try database.articles(ArticleQuery(isRead: false)).isEmpty)
    }

    @Test("a source added under the public-web policy keeps it in the database; its file: or loopback address is refused")
    func policyStays() async throws {
        let store = try await F.store()
        let policy = AddressPolicy.publicWeb(allowing: [IPNetwork("10.0.0.0/8")!])
        let id = UUID()
        store.dispatch(AddSource(url: URL(string: "https://feeds.example/a.xml")!, id: id, date: F.date, policy: policy))
        store.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date, policy: policy))
        store.dispatch(AddSource(url: URL(string: "http://127.0.0.1:9/")!, date: F.date, policy: policy))
        await store.idle()
        #expect(store.state.sources.all.map(\.id) == [id])
        #expect(store.state.notices.items.compactMap(\.problem).contains { if case .badAddress(_, .schemeNotAllowed("file")) = $0 { true } else { false } })
        #expect(store.state.notices.items.compactMap(\.problem).contains { if case .badAddress(_, .notAllowed(.loopback)) = $0 { true } else { false } })
        let reloaded = try await F.store(database: store.service(LibraryService.self)?.database)
        #expect(reloaded.state.sources[id]?.addressPolicy == policy)
    }

    @Test("a discovery told to follow only a feed it found follows nothing when the address fails, and says why")
    func firstFound() async throws {
        let store = try await F.store()
        let id = UUID()
        let missing = F.sample("qemu.atom").deletingLastPathComponent().appendingPathComponent("missing.xml")
        store.dispatch(DiscoverFeeds(url: missing, choice: .firstFound, id: id, date: F.date))
        await store.idle()
        #expect(store.state.sources.all.isEmpty)
        guard case .failed(.noFeed(_, .file(.noSuchFile))) = store.state.discoveries.first?.phase else {
            Issue.record("\(String(describing: store.state.discoveries.first?.phase))")
            return
        }
    }

    @Test("an OPML document is imported under a policy: addresses it refuses are left out; the export is a document")
    func opmlDocument() async throws {
        let store = try await F.store()
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
            <outline text="News"><outline type="rss" text="a" xmlUrl="https://feeds.example/a.xml"/></outline>
            <outline type="rss" text="file" xmlUrl="\(F.sample("qemu.atom").absoluteString)"/>
            <outline type="rss" text="relative" xmlUrl="b.xml"/>
            </body></opml>
            """
        let ticket = CommandTicket()
        store.dispatch(ImportOPML(document: Data(opml.utf8), named: "doc", date: F.date, policy: .publicWeb(), ticket: ticket))
        let outcome = await store.outcome(of: ticket)
        await store.idle()
        #expect(store.state.sources.all.map(\.url.absoluteString) == ["https://feeds.example/a.xml"])
        #expect(store.state.sources.all.first?.tags == ["News"])
        #expect(store.state.sources.all.first?.addressPolicy == .publicWeb())
        #expect(store.state.notices.items.contains { $0.event == .imported(file: "doc", added: 1, alreadyFollowed: 0) })
        // What became of each feed: the file and the relative address (relative to nothing) were refused.
        let refused = [
            RefusedFeed(address: F.sample("qemu.atom").absoluteString, refusal: .schemeNotAllowed("file")),
            RefusedFeed(address: "b.xml", refusal: .notAURL),
        ]
        #expect(outcome == .imported(OPMLImport(added: 1, alreadyFollowed: 0, refused: refused)))
        #expect(store.state.notices.items.contains { $0.event == .importRefused(file: "doc", feeds: refused) && $0.kind == .error })
        let exported = String(decoding: await store.exportedOPML(), as: UTF8.self)
        #expect(exported.contains("https://feeds.example/a.xml") && exported.contains("News"))
        let badTicket = CommandTicket()
        store.dispatch(ImportOPML(document: Data("no".utf8), named: "bad", date: F.date, ticket: badTicket))
        #expect(await store.outcome(of: badTicket).problem != nil)
        await store.idle()
        #expect(store.state.notices.items.compactMap(\.problem).contains { if case .importFailed("bad", .notOPML) = $0 { true } else { false } })
    }
}
