import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// The UI tags are a contract presenters rely on to skip actions without comparing state: an action that
/// changes a part of the state carries that part's tag. Checked on every action of a broad session (sources
/// added, fetched, removed; marks; list changes; OPML; settings; notices) and of random interleavings.
@Suite("UI tags", .timeLimit(.minutes(5)))
struct UITagContractTests {
    typealias F = ActivityFixtures

    @Test("every action that changes a part of the state carries that part's tag")
    func tagsCoverEveryChange() async throws {
        let recorder = TagRecorder()
        let store = try await F.store()
        store.subscribe(recorder)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let first = UUID()
        store.dispatch(AddSource(url: F.sample("qemu.atom"), tags: ["dev"], id: first))
        await store.idle()
        store.dispatch(AddSource(url: F.sample("scriptingNews.rss"), id: UUID()))
        store.dispatch(AddSource(url: folder.appendingPathComponent("missing.rss")))
        await store.idle()
        store.dispatch(Refresh())
        await store.idle()
        let article = try #require(store.state.lists.first.rows.first?.id)
        store.dispatch(SetStarred(id: article, isStarred: true))
        store.dispatch(OpenArticle(id: article))
        await store.idle()
        store.dispatch(SetStarred(id: article, isStarred: false))
        store.dispatch(SetRead(ids: [article], isRead: false))
        store.dispatch(CloseArticle())
        store.dispatch(ShowMarks(list: .second, marks: .unread))
        store.dispatch(SearchArticles(list: .first, text: "qemu"))
        store.dispatch(SortList(list: .first, sort: .oldestFirst))
        store.dispatch(ShowPage(list: .first, move: .next))
        store.dispatch(SwitchList())
        store.dispatch(ChangeSetting(.pageSize(4), date: F.date))
        store.dispatch(ChangeSetting(.retentionPerSource(5), date: F.date))
        store.dispatch(ChangeSetting(.refreshInterval(900), date: F.date))
        await store.idle()
        store.dispatch(ExportOPML(file: folder.appendingPathComponent("out.opml")))
        store.dispatch(SetSourceEnabled(id: first, isEnabled: false))
        store.dispatch(MarkAllRead(sourceID: first))
        store.dispatch(MarkAllRead())
        await store.idle()
        store.dispatch(RemoveSource(id: first))
        await store.idle()
        store.dispatch(ImportOPML(file: folder.appendingPathComponent("out.opml")))
        store.dispatch(ImportOPML(file: folder.appendingPathComponent("none.opml")))
        store.dispatch(Refresh())
        store.dispatch(CancelRefresh())
        await store.idle()
        store.dispatch(DismissNotices(throughID: store.state.notices.nextID))
        await store.idle()
        // Tags and discovery: a page (a file) declaring two of the samples.
        let page = folder.appendingPathComponent("page.html")
        try """
            <link rel="alternate" type="application/atom+xml" href="\(F.sample("russcox.atom").absoluteString)">
            <link rel="alternate" type="application/rss+xml" href="\(F.sample("theomnishow.rss").absoluteString)">
            """.write(to: page, atomically: true, encoding: .utf8)
        store.dispatch(DiscoverFeeds(url: page, tags: ["found"], date: F.date))
        await store.idle()
        store.dispatch(AddDiscoveredFeed(number: 2, date: F.date))
        store.dispatch(AddDiscoveredFeed(number: 9, date: F.date))
        await store.idle()
        store.dispatch(DiscoverFeeds(url: folder.appendingPathComponent("none.html"), date: F.date))
        store.dispatch(CancelDiscovery())
        let tagged = try #require(store.state.sources.all.first?.id)
        store.dispatch(FilterList(list: .first, filter: ListFilter(tag: "news")))
        store.dispatch(TagSource(id: tagged, tags: ["news", "more"], date: F.date))
        store.dispatch(UntagSource(id: tagged, tags: ["more"], date: F.date))
        store.dispatch(RenameSource(id: tagged, title: "Renamed", date: F.date))
        store.dispatch(MarkAllRead(tag: "news"))
        store.dispatch(TagSource(id: UUID(), tags: ["x"], date: F.date))
        await store.idle()
        // Rules and saved queries.
        let query = SavedQuery(name: "q", filter: try ArticleFilter("unread"))
        store.dispatch(AddRule(ArticleRule(name: "r", filter: try ArticleFilter("title contains a"), action: .read)))
        store.dispatch(ApplyRule(name: "r", date: F.date))
        store.dispatch(ApplyRule(name: "none", date: F.date))
        store.dispatch(SaveQuery(query))
        store.dispatch(FilterList(list: .second, filter: ListFilter(query: query)))
        store.dispatch(SaveQuery(SavedQuery(name: "q", filter: try ArticleFilter("starred"))))
        store.dispatch(RemoveQuery(name: "q", date: F.date))
        store.dispatch(RemoveQuery(name: "q", date: F.date))
        store.dispatch(RemoveRule(name: "r", date: F.date))
        await store.idle()

        let seen = recorder.changes.withLock { $0 }
        #expect(seen.count > 40)
        for change in seen {
            #expect(change.missingTags.isEmpty, "\(change.action) changed \(change.missingTags) without its tag")
        }
        let partsChanged = Set(seen.flatMap(\.changedParts))
        #expect(partsChanged == Set(StatePart.allCases), "parts never changed: \(Set(StatePart.allCases).subtracting(partsChanged))")
        withExtendedLifetime(recorder) {}
    }

    @Test("random interleavings of marks and list changes keep the contract")
    func randomInterleavings() async throws {
        for run in 0..<100 {
            var generator = SplitMix64(seed: UInt64(run) &+ 7_000)
            let recorder = TagRecorder()
            let store = try await OrderedEffectsTests.store()
            store.subscribe(recorder)
            for _ in 0..<14 { store.dispatch(RandomAction.make(using: &generator)) }
            await store.idle()
            for change in recorder.changes.withLock({ $0 }) {
                #expect(change.missingTags.isEmpty, "run \(run): \(change.action) changed \(change.missingTags)")
            }
            withExtendedLifetime(recorder) {}
        }
    }
}

/// The parts of the state a view shows, each with the tags an action changing it may carry.
enum StatePart: String, CaseIterable, Sendable {
    case sources, lists, counts, route, article, refresh, settings, notices, discovery, rules

    /// Whether `box`'s action changed this part.
    func changed(in box: StateBox<RssState>) -> Bool {
        switch self {
        case .sources: box.isNew(keyPath: \.sources)
        case .lists: box.isNew(keyPath: \.lists)
        case .counts: box.isNew(keyPath: \.counts)
        case .route: box.isNew(keyPath: \.route)
        case .article: box.isNew(keyPath: \.article)
        case .refresh: box.isNew(keyPath: \.refresh)
        case .settings: box.isNew(keyPath: \.settings)
        case .notices: box.isNew(keyPath: \.notices)
        case .discovery: box.isNew(keyPath: \.discovery)
        case .rules: box.isNew(keyPath: \.rules)
        }
    }

    /// Whether `box`'s action carries a tag that announces a change of this part. Marks change the rows of
    /// the lists and the open article as well as the counts, so `MarksTag` announces those too.
    func announced(in box: StateBox<RssState>) -> Bool {
        let marks = box.lastAction(is: (any MarksTag).self)
        return switch self {
        case .sources: box.lastAction(is: (any SourcesTag).self)
        case .lists: box.lastAction(is: (any ListsTag).self) || marks
        case .counts: marks
        case .route: box.lastAction(is: (any ArticleTag).self)
        case .article: box.lastAction(is: (any ArticleTag).self) || marks
        case .refresh: box.lastAction(is: (any RefreshTag).self)
        case .settings: box.lastAction(is: (any SettingsTag).self)
        case .notices: box.lastAction(is: (any NoticesTag).self)
        case .discovery: box.lastAction(is: (any DiscoveryTag).self)
        case .rules: box.lastAction(is: (any RulesTag).self)
        }
    }
}

/// Records, for every action the store reduces, the parts it changed and those it changed without the tag.
final class TagRecorder: StoreSubscriber {
    struct Change: Sendable {
        let action: String
        let changedParts: [StatePart]
        let missingTags: [StatePart]
    }

    let changes = Locked<[Change]>([])

    func newState(box: StateBox<RssState>) {
        guard !box.isInitialDelivery, let action = box.lastAction else { return }
        let changed = StatePart.allCases.filter { $0.changed(in: box) }
        let missing = changed.filter { !$0.announced(in: box) }
        changes.withLock {
            $0.append(Change(action: String(describing: type(of: action)), changedParts: changed, missingTags: missing))
        }
    }
}
