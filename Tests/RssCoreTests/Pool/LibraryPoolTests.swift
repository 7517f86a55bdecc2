import Foundation
import ReduxVM
import Synchronization
import Testing

@_spi(Benchmarks) @_spi(Serve) @testable import RssCore

/// A pool of libraries: stores opened on use and closed when idle within a bound, and each address fetched once
/// for every library that follows it, open or closed, each library storing it with its own marks.
@Suite("Library pool", .timeLimit(.minutes(5)))
struct LibraryPoolTests {
    /// The feed `name` with `items` items, numbered from 0 (the newest last), and the validator of that version.
    static func feed(_ name: String, items: Int) -> Result<FetchResponse, FetchError> {
        var text = #"<?xml version="1.0"?><rss version="2.0"><channel><title>\#(name)</title>"#
        for index in 0..<items {
            text += "<item><title>\(name)-\(index)</title><guid>\(name)-\(index)</guid></item>"
        }
        text += "</channel></rss>"
        return .success(.fetched(FetchedFeed(data: Data(text.utf8), etag: "\"\(name)-\(items)\"")))
    }

    /// A pool on `fetcher`, with a clock the test moves, in a folder of its own.
    final class Fixture: Sendable {
        let folder: URL
        let fetcher = FakeFetcher()
        let time = MovableTime()
        let pool: LibraryPool

        init(maximumOpen: Int = 20, idleTime: Duration = .seconds(60)) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("pool-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let time = self.time
            pool = LibraryPool(
                LibraryPool.Configuration(
                    maximumOpen: maximumOpen, idleTime: idleTime, minimumFetchInterval: 0, changeCheckInterval: nil),
                fetcher: fetcher, clock: ContinuousClock(), now: { time.now })
        }

        func library(_ name: String) -> URL { folder.appendingPathComponent("\(name).sqlite") }

        func advance(_ seconds: TimeInterval) { time.advance(seconds) }

        /// Follows `feeds` in the library `name`, and returns once their first fetches are stored.
        func follow(_ name: String, _ feeds: [URL]) async throws {
            let lease = try await pool.lease(library(name))
            for url in feeds { lease.store.dispatch(AddSource(url: url)) }
            await lease.store.databaseSettled()
            _ = await lease.store.firstState { state in
                state.sources.all.count == feeds.count && !state.refresh.isRunning
                    && state.sources.all.allSatisfy { $0.status.lastAttempt != nil }
            }
        }

        /// The titles of the articles of the library `name`, read through a lease.
        func titles(_ name: String, _ query: ArticleQuery = ArticleQuery(order: .lowestNumberFirst)) async throws -> [String] {
            let lease = try await pool.lease(library(name))
            return try await lease.store.articles(query).map(\.title)
        }

        func remove() async {
            await pool.close()
            try? FileManager.default.removeItem(at: folder)  // the test's scratch space
        }
    }

    /// Wall-clock time the test moves.
    final class MovableTime: Sendable {
        private let date = Mutex(ActivityFixtures.date)
        var now: Date { date.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let news = URL(string: "https://news.example/feed.xml")!
    static let blog = URL(string: "https://blog.example/feed.xml")!

    @Test("a feed three libraries follow is fetched once when it is due, and stored into each with its own marks")
    func fetchedOnceForAll() async throws {
        let fixture = try Fixture()
        fixture.fetcher.set(Self.news, Self.feed("news", items: 2))
        fixture.fetcher.set(Self.blog, Self.feed("blog", items: 1))
        fixture.pool.keepCurrent(["alice", "bob", "carol"].map(fixture.library))
        try await fixture.follow("alice", [Self.news, Self.blog])
        try await fixture.follow("bob", [Self.news])
        try await fixture.follow("carol", [Self.news])
        // The first fetches of a new source take the one another library made moments before.
        #expect(fixture.fetcher.seen.count == 2, "\(fixture.fetcher.seen.map(\.url))")
        #expect(try await fixture.titles("bob") == ["news-0", "news-1"])

        // Bob reads one; then the feed grows, and an hour later (the default interval) all are due.
        let bob = try await fixture.pool.lease(fixture.library("bob"))
        let first = try #require(try await bob.store.articles(ArticleQuery(searchText: "news-0")).first)
        bob.store.dispatch(SetRead(ids: [first.id], isRead: true))
        await bob.store.databaseSettled()
        fixture.fetcher.set(Self.news, Self.feed("news", items: 3))
        fixture.advance(3_601)
        let report = await fixture.pool.refreshDue()
        #expect(report.addressesDue == 2 && report.fetches == 2, "\(report)")
        #expect(report.librariesStoredInto == 3)
        #expect(fixture.fetcher.seen.count == 4)
        // The second fetch of each address sent the validators of the version every library stored.
        #expect(fixture.fetcher.seen.suffix(2).allSatisfy { $0.etag != nil })
        for name in ["alice", "bob", "carol"] {
            #expect(try await fixture.titles(name, ArticleQuery(searchText: "news", order: .lowestNumberFirst)) == ["news-0", "news-1", "news-2"])
        }
        #expect(try await bob.store.articles(ArticleQuery(isRead: true)).map(\.title) == ["news-0"])
        #expect(try await fixture.pool.lease(fixture.library("carol")).store.articles(ArticleQuery(isRead: true)).isEmpty)
        // Nothing is due a minute later.
        fixture.advance(60)
        #expect(await fixture.pool.refreshDue().fetches == 0)
        withExtendedLifetime(bob) {}
        await fixture.remove()
    }

    @Test("a library stored into is one due sooner: its schedule never makes a fetch later than it asked for")
    func ownIntervals() async throws {
        let fixture = try Fixture()
        fixture.fetcher.set(Self.news, Self.feed("news", items: 1))
        fixture.pool.keepCurrent(["alice", "bob"].map(fixture.library))
        try await fixture.follow("alice", [Self.news])
        try await fixture.follow("bob", [Self.news])
        // Bob wants the feed every 10 minutes, Alice every hour (the default).
        let bob = try await fixture.pool.lease(fixture.library("bob"))
        let source = try #require(bob.store.state.sources.all.first)
        bob.store.dispatch(SetSourceInterval(id: source.id, interval: 600, date: ActivityFixtures.date))
        await bob.store.databaseSettled()
        fixture.fetcher.set(Self.news, Self.feed("news", items: 2))
        fixture.advance(601)
        let report = await fixture.pool.refreshDue()
        #expect(report.fetches == 1 && report.librariesStoredInto == 2, "\(report)")
        #expect(try await fixture.titles("alice") == ["news-0", "news-1"])
        withExtendedLifetime(bob) {}
        await fixture.remove()
    }

    @Test("closed libraries are kept current, read from their files; a library with refreshing off is left alone")
    func closedLibraries() async throws {
        let fixture = try Fixture(idleTime: .milliseconds(100))
        fixture.fetcher.set(Self.news, Self.feed("news", items: 1))
        fixture.pool.keepCurrent(["alice", "bob"].map(fixture.library))
        try await fixture.follow("alice", [Self.news])
        try await fixture.follow("bob", [Self.news])
        do {
            let bob = try await fixture.pool.lease(fixture.library("bob"))
            bob.store.dispatch(ChangeSetting(.refreshInterval(nil)))
            await bob.store.databaseSettled()
        }
        // Nobody uses them: both close.
        try await waitFor { fixture.pool.openCount == 0 }
        fixture.fetcher.set(Self.news, Self.feed("news", items: 2))
        fixture.advance(3_601)
        let report = await fixture.pool.refreshDue()
        #expect(report.fetches == 1 && report.librariesStoredInto == 1, "\(report)")
        #expect(try await fixture.titles("alice") == ["news-0", "news-1"])
        #expect(try await fixture.titles("bob") == ["news-0"])
        await fixture.remove()
    }

    @Test("stores open on first use, are shared by leases, and close when idle, never past the bound while unused")
    func openAndClose() async throws {
        let fixture = try Fixture(maximumOpen: 2, idleTime: .seconds(60))
        let first = try await fixture.pool.lease(fixture.library("a"))
        let again = try await fixture.pool.lease(fixture.library("a"))
        #expect(first.store === again.store)
        #expect(fixture.pool.openCount == 1)
        // Leased concurrently, one store.
        async let one = fixture.pool.lease(fixture.library("b"))
        async let two = fixture.pool.lease(fixture.library("b"))
        let (b1, b2) = try await (one, two)
        #expect(b1.store === b2.store && fixture.pool.openCount == 2)
        // A third library while the others are in use: over the bound until one is given back.
        var c: LibraryLease? = try await fixture.pool.lease(fixture.library("c"))
        #expect(fixture.pool.openCount == 3)
        c = nil
        try await waitFor { fixture.pool.openCount == 2 }
        withExtendedLifetime((first, again, b1, b2, c)) {}
        // A database that cannot be opened is a problem, and leaves nothing open.
        let directory = fixture.folder.appendingPathComponent("a-directory.sqlite")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        await #expect(throws: RssProblem.self) { _ = try await fixture.pool.lease(directory) }
        #expect(fixture.pool.openCount == 2)
        await fixture.remove()
    }

    /// Waits up to 10 s for `condition`.
    func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the condition was not met within 10 s")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
