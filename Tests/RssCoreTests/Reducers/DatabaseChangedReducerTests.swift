import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// What another process wrote is merged with what changed here while the check read it: a local change made
/// since the check began wins (its write is still to come), everything else is taken from the database.
@Suite("Other processes' changes")
struct DatabaseChangedReducerTests {
    typealias F = ReducerFixtures
    static let sourceC = UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!

    static func source(_ id: UUID, _ title: String) -> Source {
        Source(id: id, url: URL(string: "https://\(title.lowercased()).example/feed")!, title: title, addedAt: F.date)
    }

    static func snapshot(_ state: RssState) -> DatabaseChanged.Snapshot {
        .init(sources: state.sources.all, settings: state.settings, wasRefreshing: state.refresh.isRunning)
    }

    @Test("sources another process added, renamed or removed replace ours; counts and settings too")
    func remoteChangesAreTaken() {
        let state = F.state()
        var renamed = state.sources.all[0]
        renamed.title = "Alpha (renamed)"
        var settings = state.settings
        settings.pageSize = 9
        let counts = ArticleCounts(total: 10, unread: 7, starred: 1, unreadBySource: [F.sourceA: 7])
        let changed = DatabaseChanged(
            sources: [renamed, Self.source(Self.sourceC, "Gamma")], settings: settings, counts: counts,
            before: Self.snapshot(state))
        let after = F.reduce(state, changed)
        #expect(after.sources.all.map(\.title) == ["Alpha (renamed)", "Gamma"])
        #expect(after.settings.pageSize == 9)
        #expect(after.counts == counts)
        #expect(after.lists.first.isLoading && after.lists.second.isLoading)
    }

    @Test("a source added, removed or disabled here while the check read stays as it is here")
    func localChangesSinceTheCheckWin() {
        let state = F.state()
        let before = Self.snapshot(state)
        let added = AddSource(url: URL(string: "https://new.example/feed")!, id: Self.sourceC, date: F.date)
        let local = F.reduce(
            state, added, RemoveSource(id: F.sourceB), SetSourceEnabled(id: F.sourceA, isEnabled: false),
            ChangeSetting(.pageSize(12), date: F.date))
        // The database as read: both old sources as they were, nothing new, another page size.
        var settings = state.settings
        settings.pageSize = 30
        let changed = DatabaseChanged(sources: state.sources.all, settings: settings, counts: state.counts, before: before)
        let after = F.reduce(local, changed)
        #expect(after.sources.all.map(\.id) == [F.sourceA, Self.sourceC])
        #expect(after.sources[F.sourceA]?.isEnabled == false)
        #expect(after.settings.pageSize == 12)
    }

    @Test("during a refresh the counts are left alone and read again once it ends")
    func countsDuringARefresh() {
        var state = F.state()
        state.refresh.isRunning = true
        var read = ArticleCounts()
        read.articles.total = 99
        let changed = DatabaseChanged(
            sources: state.sources.all, settings: state.settings, counts: read, before: Self.snapshot(state))
        let after = F.reduce(state, changed)
        #expect(after.counts == state.counts)
        #expect(after.countsNeedCheck)
        #expect(!F.reduce(after, CheckForChanges(force: true)).countsNeedCheck)
    }
}
