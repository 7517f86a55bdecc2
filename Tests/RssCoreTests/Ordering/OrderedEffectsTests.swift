import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// After `idle()` the state reflects every action dispatched before it, in dispatch order, however the
/// database work of those actions interleaves: checked against a sequential model, the same actions on an
/// identical database with the store idle after each one.
///
/// The time limit only catches a hang: the interleavings take 50 s of a core alone, 160 s inside a quiet
/// suite run and 350 s inside one beside another job's build (load 8), so 5 minutes was a timing assertion.
@Suite("Ordered effects", .timeLimit(.minutes(20)))
struct OrderedEffectsTests {
    typealias F = ActivityFixtures

    /// How many random interleavings to run: 300 by default, `RSS_TEST_INTERLEAVINGS` for more. Each takes two
    /// stores on fresh databases, about 0.1 s of a core in a debug build, so 1,000 (the count of earlier rounds)
    /// were a quarter of the whole suite's CPU time; a deeper run asks for them:
    /// `RSS_TEST_INTERLEAVINGS=1000 swift test --filter OrderedEffectsTests`.
    static let interleavings = ProcessInfo.processInfo.environment["RSS_TEST_INTERLEAVINGS"].flatMap { Int($0) } ?? 300

    @Test("random interleavings of marks, list changes and reloads end where a sequential run ends")
    func randomInterleavings() async throws {
        for run in 0..<Self.interleavings {
            var generator = SplitMix64(seed: UInt64(run))
            let actions = (0..<14).map { _ in RandomAction.make(using: &generator) }
            let concurrent = try await Self.store()
            let sequential = try await Self.store()
            for action in actions { concurrent.dispatch(action) }
            for action in actions {
                sequential.dispatch(action)
                await sequential.idle()
            }
            await concurrent.idle()
            let expected = VisibleState(sequential.state)
            let actual = VisibleState(concurrent.state)
            #expect(actual == expected, "run \(run): \(actions.map { String(describing: $0) })")
            try Self.checkAgainstDatabase(concurrent, run: run)
            if actual != expected { return }
        }
    }

    @Test("a star and a reload dispatched back to back: the starred list has the star, every time")
    func starThenReload() async throws {
        for _ in 0..<20 {
            let store = try await Self.store()
            let id = SyntheticFeeds.uuid(prefix: 0xA, 7)
            store.dispatch(SetStarred(id: id, isStarred: true))
            store.dispatch(ShowMarks(list: .second, marks: .starred))
            await store.idle()
            #expect(store.state.lists.second.rows.contains { $0.id == id })
        }
    }

    @Test("a star and a read dispatched back to back: the unread count moves once and never back")
    func countsNeverGoBack() async throws {
        for _ in 0..<20 {
            let store = try await Self.store()
            let recorder = UnreadRecorder()
            store.subscribe(recorder)
            await store.processed()
            let start = store.state.counts.unread
            let unread = SyntheticFeeds.uuid(prefix: 0xA, 1)  // index 1: unread (every third is read)
            store.dispatch(SetStarred(id: SyntheticFeeds.uuid(prefix: 0xA, 2), isStarred: true))
            store.dispatch(SetRead(ids: [unread], isRead: true))
            await store.idle()
            #expect(store.state.counts.unread == start - 1)
            let seen = recorder.values.withLock { $0 }
            #expect(seen.allSatisfy { $0 == start || $0 == start - 1 }, "\(seen)")
            #expect(seen.drop { $0 == start }.allSatisfy { $0 == start - 1 }, "\(seen)")
            withExtendedLifetime(recorder) {}
        }
    }

    /// A started store on a fresh in-memory database of 3 sources and 60 articles (every third read, every
    /// 97th starred: see ``SyntheticFeeds``), no fetching, the page size 5.
    static func store() async throws -> Store<RssState> {
        let database = try FeedDatabase.inMemory()
        try SyntheticFeeds.fill(database, sourceCount: 3, articleCount: 60)
        try database.setSetting(Settings.Key.pageSize, to: "5")
        return try await F.store(fetcher: FailingFetcher(), database: database)
    }

    /// Every row on a page shows the marks the database holds, and the counts are the database's.
    static func checkAgainstDatabase(_ store: Store<RssState>, run: Int) throws {
        let database = try #require(store.service(LibraryService.self)?.database)
        #expect(try database.articleCounts() == store.state.counts, "run \(run)")
        for list in ListID.allCases {
            for row in store.state.lists[list].rows {
                let stored = try #require(try database.article(id: row.id))
                #expect(stored.isRead == row.isRead && stored.isStarred == row.isStarred, "run \(run): \(row.title)")
            }
        }
    }
}

/// What a user sees of the state: everything but the bookkeeping that depends on timing (generations,
/// the article request counter, marks kept for loads under way).
struct VisibleState: Equatable {
    struct List: Equatable {
        var filter: ListFilter
        var sort: ListSort
        var page: Int
        var rows: [ArticleRow]
        var totalCount: Int
        var isLoading: Bool
    }

    var lists: [List]
    var active: ListID
    var counts: ArticleCounts
    var route: Route
    var article: ArticleContent?
    var settings: Settings
    var notices: [Notice.Event]

    init(_ state: RssState) {
        lists = ListID.allCases.map { id in
            let list = state.lists[id]
            return List(
                filter: list.filter, sort: list.sort, page: list.page, rows: list.rows, totalCount: list.totalCount,
                isLoading: list.isLoading)
        }
        active = state.lists.active
        counts = state.counts
        route = state.route
        article = state.article
        settings = state.settings
        notices = state.notices.items.map(\.event)
    }
}

/// The actions a user's commands dispatch, drawn at random over the synthetic database's articles.
enum RandomAction {
    static func make(using generator: inout SplitMix64) -> any Action<RssState> {
        func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
        func article() -> UUID { SyntheticFeeds.uuid(prefix: 0xA, Int(generator.next() % 60)) }
        let list = pick(ListID.allCases)
        let source: UUID? = pick([nil, SyntheticFeeds.uuid(prefix: 0x5, 0), SyntheticFeeds.uuid(prefix: 0x5, 2)])
        switch generator.next() % 15 {
        case 0, 1: return SetRead(ids: (0...(generator.next() % 3)).map { _ in article() }, isRead: pick([true, false]))
        case 2, 3: return SetStarred(id: article(), isStarred: pick([true, false]))
        case 4: return MarkAllRead(sourceID: source)
        case 5: return OpenArticle(id: article())
        case 6: return CloseArticle()
        case 7: return ShowMarks(list: list, marks: pick(ListFilter.Marks.allCases))
        case 8: return ShowSource(list: list, sourceID: source)
        case 9: return SearchArticles(list: list, text: pick([nil, "swift", "zeppelin topic1", "market"]))
        case 10: return SortList(list: list, sort: pick(ListSort.allCases))
        case 11: return ShowPage(list: list, move: pick([.next, .previous, .number(Int(generator.next() % 8))]))
        case 12: return ChangeSetting(.pageSize(3 + Int(generator.next() % 8)), date: ActivityFixtures.date)
        case 13:
            let filter = ListFilter(
                marks: pick(ListFilter.Marks.allCases), sourceID: source, searchText: pick([nil, "swift", "market"]))
            return FilterList(list: list, filter: filter)
        default: return SwitchList()
        }
    }
}

/// A fetcher for stores that never fetch.
struct FailingFetcher: FeedFetcher {
    func fetch(_ request: FetchRequest) async throws(FetchError) -> FetchResponse {
        throw .connection(.refused)
    }
}

/// Records every unread count a subscriber is shown.
final class UnreadRecorder: StoreSubscriber {
    let values = Locked<[Int]>([])

    func newState(box: StateBox<RssState>) {
        values.withLock { $0.append(box.state.counts.unread) }
    }
}
