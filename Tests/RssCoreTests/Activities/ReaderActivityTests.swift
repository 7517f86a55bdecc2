import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import ReduxVM
import ReduxVMTesting
import RssResources
import Testing

@_spi(Benchmarks) @testable import RssCore

// Three minutes: 20 real stores in a row (the add-right-after-make test) took more than one in a whole parallel
// run, and a test stopped by its limit sees `idle()` return at once and fails its expectations misleadingly.
@Suite("Reader activities on a real store", .timeLimit(.minutes(5)))
struct ReaderActivityTests {
    typealias F = ActivityFixtures

    @Test("adding a bundled sample feed stores it, takes its title from the feed and fills both lists")
    func addSampleFeed() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("scriptingNews.rss"), date: F.date))
        await store.idle()
        let state = store.state
        #expect(state.isStarted)
        #expect(state.sources.all.count == 1)
        #expect(state.sources.all.first?.title == "Scripting News")
        #expect(state.sources.all.first?.status.lastSuccess == F.date)
        // The feed lists 50 items; two pairs share a guid and link, one pair differing in title, the other two
        // untitled notes differing in text: 50 articles all the same.
        #expect(state.counts.total == 50)
        #expect(state.counts.unread == 50)
        #expect(state.lists.first.totalCount == 50)
        #expect(state.lists.first.rows.count == state.settings.pageSize)
        #expect(state.lists.second.rows == state.lists.first.rows)
        #expect(state.notices.items.map(\.event).contains(.newArticles(source: state.sources.all[0].id, count: 50)))
    }

    @Test("a source added right after making the store, before start-up has read the database, is kept")
    func addRightAfterMake() async throws {
        for _ in 0..<20 {
            let store = try RssStore.make(RssConfiguration(database: .inMemory))
            store.dispatch(AddSource(url: F.sample("russcox.atom"), date: F.date))
            await store.idle()
            // What the store knew, should this fail again (it did when the suite's time limit stopped it).
            let state = store.state
            let seen = "started: \(state.isStarted), idle: \(store.isIdle), notices: \(state.notices.items.map(\.event))"
            #expect(state.sources.all.map(\.title) == ["research!rsc"], "\(seen)")
            #expect(state.counts.unread == 19, "\(seen)")
        }
    }

    @Test("every bundled sample parses and lands in the database")
    func allSamples() async throws {
        let store = try await F.store()
        for url in BundledFeeds.samples { store.dispatch(AddSource(url: url, date: F.date)) }
        await store.idle()
        #expect(store.state.sources.all.count == BundledFeeds.samples.count)
        #expect(store.state.sources.all.allSatisfy { $0.status.lastError == nil })
        #expect(store.state.counts.total == 48 + 30 + 10 + 19 + 50 + 4)
    }

    @Test("a mark made through one list shows in the other at once, and survives a reload from the database")
    func marksAgree() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        await store.idle()
        store.dispatch(ShowMarks(list: .second, marks: .unread))
        await store.idle()
        let row = try #require(store.state.lists.first.rows.first)
        store.dispatch(SetStarred(id: row.id, isStarred: true))
        store.dispatch(SetRead(ids: [row.id], isRead: true))
        await store.processed()
        #expect(store.state.lists.first.rows.first?.isStarred == true)
        #expect(store.state.lists.second.rows.first { $0.id == row.id }?.isRead == true)
        await store.idle()
        #expect(store.state.counts.unread == 9)
        #expect(store.state.counts.starred == 1)
        store.dispatch(ShowMarks(list: .second, marks: .starred))
        await store.idle()
        #expect(store.state.lists.second.rows.map(\.id) == [row.id])
    }

    @Test("a list filtered by a mark gains the article that gains the mark; one that loses it stays until a read")
    func filteredListsFollowMarks() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        await store.idle()
        store.dispatch(ShowMarks(list: .second, marks: .starred))
        await store.idle()
        #expect(store.state.lists.second.rows.isEmpty)
        let rows = store.state.lists.first.rows
        let (starred, read) = (rows[2].id, rows[4].id)

        // A star made anywhere brings the article into the starred list, with no ShowMarks again.
        store.dispatch(SetStarred(id: starred, isStarred: true))
        await store.idle()
        #expect(store.state.lists.second.rows.map(\.id) == [starred])
        #expect(store.state.lists.second.totalCount == 1)

        // Unstarred, its row stays, unstarred, under the reader's cursor, until the list is read again.
        store.dispatch(SetStarred(id: starred, isStarred: false))
        await store.idle()
        #expect(store.state.lists.second.rows.map(\.id) == [starred])
        #expect(store.state.lists.second.rows.first?.isStarred == false)
        store.dispatch(ShowPage(list: .second, move: .number(0)))
        await store.idle()
        #expect(store.state.lists.second.rows.isEmpty)

        // The unread list: a row read stays, marked read; an article marked unread again comes back.
        store.dispatch(ShowMarks(list: .second, marks: .unread))
        await store.idle()
        store.dispatch(SetRead(ids: [read], isRead: true))
        await store.idle()
        #expect(store.state.lists.second.rows.first { $0.id == read }?.isRead == true)
        store.dispatch(ShowPage(list: .second, move: .number(0)))
        await store.idle()
        #expect(!store.state.lists.second.rows.contains { $0.id == read })
        store.dispatch(SetRead(ids: [read], isRead: false))
        await store.idle()
        #expect(store.state.lists.second.rows.contains { $0.id == read })
        #expect(store.state.lists.first.rows.first { $0.id == read }?.isRead == false)
    }

    @Test("opening an article routes to it, loads its content and marks it read")
    func openArticle() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("russcox.atom"), date: F.date))
        await store.idle()
        let row = try #require(store.state.lists.first.rows.first)
        store.dispatch(OpenArticle(id: row.id))
        await store.idle()
        #expect(store.state.route == .showsArticle(uuid: row.id))
        #expect(store.state.article?.id == row.id)
        #expect(store.state.article?.contentHTML.isEmpty == false)
        #expect(store.state.counts.unread == 18)
    }

    @Test("refreshing an unchanged file is a 304: no duplicates, marks kept")
    func refreshKeepsMarks() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("theomnishow.rss"), date: F.date))
        await store.idle()
        store.dispatch(MarkAllRead())
        await store.idle()
        store.dispatch(Refresh())
        await store.idle()
        #expect(store.state.counts.total == 4)
        #expect(store.state.counts.unread == 0)
        #expect(!store.state.refresh.isRunning)
        #expect(store.state.refresh.completed == 1)
    }

    @Test("a minute's refresh interval: the timer fetches a source every minimum interval, at its own slot")
    func timedRefreshKeepsTheMinimumInterval() async throws {
        let clock = ManualClock()
        let now = Locked(F.date)
        let fetcher = FakeFetcher([Self.fakeFeedURL: .success(F.rss([(id: "1", title: "One")]))])
        let store = RssStore.make(
            database: try FeedDatabase(location: .inMemory), fetcher: fetcher, clock: clock,
            now: { now.withLock { $0 } }, refreshesPeriodically: true, minimumFetchInterval: 15 * 60)
        store.dispatch(ChangeSetting(.refreshInterval(60), date: F.date))
        store.dispatch(AddSource(url: Self.fakeFeedURL, date: F.date))
        while store.state.sources.all.first?.status.lastSuccess == nil { await Task.yield() }
        await Self.settle(store, clock)
        #expect(fetcher.seen.count == 1)
        #expect(store.state.settings.refreshInterval == 60)  // changed before start-up read the stored settings

        // A minute at a time for an hour: never within 0.9 of 15 minutes of a fetch, then every 15 minutes.
        var fetchedAt: [Int] = []
        for minute in 1...60 {
            now.withLock { $0 = F.date.addingTimeInterval(Double(minute) * 60) }
            await clock.advance(by: .seconds(60))
            await Self.settle(store, clock)
            if fetcher.seen.count > fetchedAt.count + 1 { fetchedAt.append(minute) }
        }
        #expect(fetcher.seen.count == fetchedAt.count + 1)
        #expect((14...29).contains(fetchedAt.first ?? 0), "\(fetchedAt)")
        #expect(zip(fetchedAt, fetchedAt.dropFirst()).allSatisfy { $1 - $0 == 15 }, "\(fetchedAt)")
        #expect((3...4).contains(fetchedAt.count), "\(fetchedAt)")
        // Asking for a refresh is never held back.
        let before = fetcher.seen.count
        store.dispatch(Refresh())
        await Self.settle(store, clock)
        #expect(fetcher.seen.count == before + 1)
        store.dispatch(ChangeSetting(.refreshInterval(nil), date: F.date))
        await store.idle()
    }

    private static let fakeFeedURL = URL(string: "https://fake.example/feed.xml")!

    /// Waits until the timer sleeps again, every dispatched action was handled and no fetch is running.
    private static func settle(_ store: Store<RssState>, _ clock: ManualClock) async {
        while clock.sleeperCount == 0 { await Task.yield() }
        await store.processed()
        while store.state.refresh.isRunning || !store.state.isStarted { await Task.yield() }
        await store.processed()
    }

    @Test("search finds articles by words in their text; paging moves through a list")
    func searchAndPaging() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("DaringFireball.json"), date: F.date))
        store.dispatch(ChangeSetting(.pageSize(10), date: F.date))
        await store.idle()
        #expect(store.state.lists.first.rows.count == 10)
        store.dispatch(ShowPage(list: .first, move: .next))
        await store.idle()
        #expect(store.state.lists.first.page == 1)
        #expect(store.state.lists.first.rows.count == 10)
        store.dispatch(SearchArticles(list: .first, text: "Apple"))
        await store.idle()
        #expect(store.state.lists.first.page == 0)
        #expect(store.state.lists.first.totalCount > 0)
        #expect(store.state.lists.first.totalCount < 48)
    }

    @Test("removing a source removes its articles; disabling keeps them but skips refresh")
    func removeAndDisable() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        store.dispatch(AddSource(url: F.sample("bio.rdf"), date: F.date))
        await store.idle()
        let qemu = try #require(store.state.sources.all.first { $0.url.lastPathComponent == "qemu.atom" })
        let bio = try #require(store.state.sources.all.first { $0.url.lastPathComponent == "bio.rdf" })
        store.dispatch(SetSourceEnabled(id: bio.id, isEnabled: false))
        store.dispatch(RemoveSource(id: qemu.id))
        await store.idle()
        #expect(store.state.counts.total == 30)
        let generation = store.state.refresh.generation
        store.dispatch(Refresh())
        await store.idle()
        #expect(store.state.refresh.generation == generation)
        #expect(!store.state.refresh.isRunning)
    }

    @Test("a bad URL, a missing file and a file that is not a feed each give one clear notice")
    func badInput() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: URL(string: "gopher://example.org/feed")!, date: F.date))
        store.dispatch(AddSource(url: URL(fileURLWithPath: "/nonexistent/feed.xml"), date: F.date))
        store.dispatch(AddSource(url: BundledFeeds.preinstalledOPML!, date: F.date))
        await store.idle()
        let problems = store.state.notices.items.compactMap(\.problem)
        #expect(problems.count == 3)
        #expect(problems[0] == .badAddress("gopher://example.org/feed", .unsupportedScheme("gopher")))
        let sources = store.state.sources.all
        #expect(problems.contains(.fetch(source: sources[0].id, .file(.noSuchFile))))
        #expect(problems.contains { problem in
            guard case .fetch(sources[1].id, .parse) = problem else { return false }
            return true
        })
    }

    @Test("OPML: export writes every source; import adds the new ones and fetches them")
    func opmlRoundTrip() async throws {
        let exportFile = FileManager.default.temporaryDirectory.appendingPathComponent("rss-\(UUID()).opml")
        defer { try? FileManager.default.removeItem(at: exportFile) }
        let first = try await F.store()
        first.dispatch(AddSource(url: F.sample("qemu.atom"), tags: ["Tech"], date: F.date))
        first.dispatch(AddSource(url: F.sample("bio.rdf"), tags: ["Science"], date: F.date))
        await first.idle()
        first.dispatch(ExportOPML(file: exportFile))
        await first.idle()
        #expect(first.state.notices.items.last?.event == .exported(file: exportFile.path, sources: 2))

        let second = try await F.store()
        second.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        await second.idle()
        second.dispatch(ImportOPML(file: exportFile, date: F.date))
        await second.idle()
        #expect(second.state.sources.all.count == 2)
        #expect(second.state.sources.all.last?.tags == ["Science"])
        #expect(second.state.counts.total == 40)
        #expect(
            second.state.notices.items.map(\.event).contains(
                .imported(file: exportFile.lastPathComponent, added: 1, alreadyFollowed: 1)))
        second.dispatch(ImportOPML(file: URL(fileURLWithPath: "/nonexistent.opml"), date: F.date))
        await second.idle()
        #expect(second.state.notices.items.last?.problem == .importFailed(file: "/nonexistent.opml", .noSuchFile))
        // A file that is not OPML at all is said to be so, not imported as nothing.
        second.dispatch(ImportOPML(file: URL(fileURLWithPath: "/bin/ls"), date: F.date))
        await second.idle()
        guard case .importFailed("/bin/ls", .notOPML)? = second.state.notices.items.last?.problem else {
            Issue.record("importing /bin/ls: \(String(describing: second.state.notices.items.last))")
            return
        }
    }

    @Test("OPML export follows a symbolic link, refuses what is not a regular file, and says why a write failed")
    func exportTargets() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rss-export-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target.opml")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.opml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = directory.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        await store.idle()

        store.dispatch(ExportOPML(file: link))
        await store.idle()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).contains("<opml"))

        store.dispatch(ExportOPML(file: fifo))
        await store.idle()
        #expect(store.state.notices.items.last?.problem == .exportFailed(file: fifo.path, .notRegularFile))
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)

        let missing = directory.appendingPathComponent("missing/out.opml")
        store.dispatch(ExportOPML(file: missing))
        await store.idle()
        #expect(store.state.notices.items.last?.problem == .exportFailed(file: missing.path, .noSuchDirectory))
    }

    @Test("state persists: a second store on the same file sees sources, articles, marks and settings")
    func persistence() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rss-\(UUID()).sqlite")
        defer { try? FileManager.default.removeItem(at: path) }
        let first = try RssStore.make(RssConfiguration(database: .file(path)))
        await first.idle()
        first.dispatch(AddSource(url: F.sample("qemu.atom"), date: F.date))
        first.dispatch(ChangeSetting(.pageSize(7), date: F.date))
        await first.idle()
        let starred = try #require(first.state.lists.first.rows.first)
        first.dispatch(SetStarred(id: starred.id, isStarred: true))
        await first.idle()

        let second = try RssStore.make(RssConfiguration(database: .file(path)))
        await second.idle()
        #expect(second.state.sources.all.map(\.title) == first.state.sources.all.map(\.title))
        #expect(second.state.settings.pageSize == 7)
        #expect(second.state.counts.starred == 1)
        #expect(second.state.lists.first.rows.count == 7)
    }

    @Test("retention keeps N articles per source, and starred ones whatever their age")
    func retention() async throws {
        let store = try await F.store()
        store.dispatch(AddSource(url: F.sample("bio.rdf"), date: F.date))
        await store.idle()
        store.dispatch(SortList(list: .first, sort: .oldestFirst))
        await store.idle()
        let starred = try #require(store.state.lists.first.rows.first)
        store.dispatch(SetStarred(id: starred.id, isStarred: true))
        store.dispatch(ChangeSetting(.retentionPerSource(5), date: F.date))
        await store.idle()
        #expect(store.state.counts.total == 6)  // the newest five, and the starred one
        #expect(store.state.counts.starred == 1)
        #expect(store.state.lists.first.rows.map(\.id).contains(starred.id))
    }

    @Test("a database that cannot be opened is a clear error")
    func unopenableDatabase() {
        let path = "/proc/forbidden/db.sqlite"
        #expect {
            _ = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
        } throws: { error in
            guard case .database(let problem) = error as? RssProblem, case .file = problem.failure else { return false }
            return problem.path == path && problem.operation == .open
        }
    }
}
