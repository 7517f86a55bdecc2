import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Refresh and settings reducers")
struct RefreshReducerTests {
    typealias F = ReducerFixtures

    @Test("refresh queues the enabled sources and reports progress per source")
    func progress() {
        let start = F.reduce(F.state(), SetSourceEnabled(id: F.sourceB, isEnabled: false), Refresh())
        #expect(start.refresh.isRunning)
        #expect(start.refresh.pending == [F.sourceA])
        #expect(start.refresh.total == 1)
        let generation = start.refresh.generation
        var outcome = FetchOutcome(status: FetchStatus(lastSuccess: F.date))
        outcome.newArticles = 4
        outcome.feedTitle = "Alpha Feed"
        let done = F.reduce(start, SourceFetched(id: F.sourceA, generation: generation, outcome: outcome, date: F.date))
        #expect(!done.refresh.isRunning)
        #expect(done.refresh.completed == 1)
        #expect(done.refresh.newArticles == 4)
        #expect(done.sources[F.sourceA]?.title == "Alpha Feed")
        #expect(done.notices.items.map(\.text) == ["4 new in Alpha Feed"])
        #expect(done.lists.first.isLoading && done.lists.second.isLoading)
    }

    @Test("a failure is kept on the source and announced; a stale result is ignored")
    func failureAndStale() {
        let start = F.reduce(F.state(), Refresh(sourceIDs: [F.sourceB]))
        let error = FetchError(stage: .http, message: "too many requests", httpStatus: 429)
        let outcome = FetchOutcome(status: FetchStatus(lastError: error))
        let stale = F.reduce(
            start, SourceFetched(id: F.sourceB, generation: start.refresh.generation - 1, outcome: outcome, date: F.date))
        #expect(stale == start)
        let failed = F.reduce(
            start, SourceFetched(id: F.sourceB, generation: start.refresh.generation, outcome: outcome, date: F.date))
        #expect(failed.sources[F.sourceB]?.status.lastError == error)
        #expect(failed.notices.items.map(\.text) == ["Beta: HTTP 429: too many requests"])
    }

    @Test("cancel stops the refresh")
    func cancel() {
        let state = F.reduce(F.state(), Refresh(), CancelRefresh())
        #expect(!state.refresh.isRunning)
        #expect(state.refresh.pending.isEmpty)
    }

    @Test("settings are validated")
    func settings() {
        let state = F.reduce(
            F.state(), ChangeSetting(.pageSize(50), date: F.date), ChangeSetting(.refreshInterval(10), date: F.date),
            ChangeSetting(.retentionDays(30), date: F.date), ChangeSetting(.retentionPerSource(0), date: F.date))
        #expect(state.settings.pageSize == 50)
        #expect(state.settings.refreshInterval == 3_600)
        #expect(state.settings.retentionDays == 30)
        #expect(state.settings.retentionPerSource == nil)
        #expect(state.notices.items.count == 2)
    }

    @Test("only the latest notices are kept, and dismissing forgets the shown ones")
    func notices() {
        var state = RssState()
        for index in 0..<60 { state.notices.post(.info, "n\(index)", at: F.date) }
        #expect(state.notices.items.count == NoticesState.limit)
        #expect(state.notices.items.first?.text == "n10")
        let dismissed = F.reduce(state, DismissNotices(throughID: 55))
        #expect(dismissed.notices.items.map(\.id) == [56, 57, 58, 59, 60])
    }
}
