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
        #expect(done.notices.items.map(\.event) == [.newArticles(source: F.sourceA, count: 4)])
        #expect(done.counts.unread(in: F.sourceA) == 6 && done.counts.total == 7)
        #expect(done.lists.first.isLoading && done.lists.second.isLoading)
    }

    @Test("a look of the timer queues only the due sources, to be checked again at fetch time, and says when it looks next")
    func timedLookQueuesDueSources() {
        let tick = F.date.addingTimeInterval(3_600)
        var state = F.state()
        // A fetched 10 minutes before the look; B failing and backing off for an hour after a failure 5 minutes ago.
        state.sources.all[0].status = FetchStatus(lastSuccess: tick.addingTimeInterval(-600))
        state.sources.all[1].status = FetchStatus(
            lastSuccess: tick.addingTimeInterval(-86_400), lastError: .timeout(.waitingForData),
            lastAttempt: tick.addingTimeInterval(-300), consecutiveFailures: 1, backingOffUntil: tick.addingTimeInterval(3_300))
        let looked = F.reduce(state, Refresh.due(at: tick, minimumInterval: 900))
        #expect(looked.refresh.pending.isEmpty && !looked.refresh.isRunning)
        #expect(looked.refresh.nextTimedCheck == tick.addingTimeInterval(TimedRefreshPlan.longestWait))
        #expect(looked.refresh.timerSince == tick)

        // Two hours on (a new session: the timer had not looked since), both are due and queued.
        let later = F.reduce(looked, Refresh.due(at: tick.addingTimeInterval(7_200), minimumInterval: 900))
        #expect(later.refresh.pending == [F.sourceA, F.sourceB])
        #expect(later.refresh.onlyIfDue == [F.sourceA, F.sourceB])
        #expect(later.refresh.timerSince == tick.addingTimeInterval(7_200))

        // A refresh someone asked for fetches both at once, unchecked.
        let asked = F.reduce(state, Refresh())
        #expect(asked.refresh.pending == [F.sourceA, F.sourceB] && asked.refresh.onlyIfDue.isEmpty)
        // A source never fetched is due at the timer's first look (these ids' slots are at the start).
        state.sources.all[0].status = FetchStatus()
        #expect(F.reduce(state, Refresh.due(at: tick, minimumInterval: 900)).refresh.pending == [F.sourceA])
    }

    @Test("a setting changed before start-up read the stored settings survives them")
    func settingChangedBeforeStart() {
        var stored = Settings()
        stored.pageSize = 50
        stored.retentionDays = 30
        let started = F.reduce(
            RssState(), ChangeSetting(.refreshInterval(120), date: F.date), ChangeSetting(.pageSize(0), date: F.date),
            Started(sources: [], settings: stored, counts: ArticleCounts()))
        #expect(started.settings.refreshInterval == 120)
        #expect(started.settings.pageSize == 50)
        #expect(started.settings.retentionDays == 30)
        #expect(started.settingChangesBeforeStart.isEmpty)
        #expect(started.notices.items.map(\.event) == [.problem(.settingOutOfRange(.pageSize(0), allowed: 1...500))])
        // Once started, changes apply directly.
        let later = F.reduce(started, ChangeSetting(.pageSize(10), date: F.date))
        #expect(later.settings.pageSize == 10 && later.settingChangesBeforeStart.isEmpty)
    }

    @Test("a source's last attempt comes from its last success or its last failure, whichever is later")
    func lastAttemptFromStoredStatus() {
        let success = F.date
        let failure = F.date.addingTimeInterval(60)
        let failed = FetchStatus(
            stored: StoredFetchStatus(
                lastSuccessAt: success, lastError: StoredFetchFailure(error: .http(status: 500), at: failure)))
        #expect(failed.lastAttempt == failure)
        #expect(FetchStatus(stored: StoredFetchStatus(lastSuccessAt: success)).lastAttempt == success)
        #expect(FetchStatus(stored: StoredFetchStatus()).lastAttempt == nil)
    }

    @Test("a failure is kept on the source and announced; a stale result is ignored")
    func failureAndStale() {
        let start = F.reduce(F.state(), Refresh(sourceIDs: [F.sourceB]))
        let error = FetchError.http(status: 429)
        let outcome = FetchOutcome(status: FetchStatus(lastError: error))
        // What a stale result stored shows (the database holds it), but the refresh it is not part of goes on.
        let stale = F.reduce(
            start, SourceFetched(id: F.sourceB, generation: start.refresh.generation - 1, outcome: outcome, date: F.date))
        #expect(stale.refresh == start.refresh)
        let failed = F.reduce(
            start, SourceFetched(id: F.sourceB, generation: start.refresh.generation, outcome: outcome, date: F.date))
        #expect(failed.sources[F.sourceB]?.status.lastError == error)
        #expect(failed.notices.items.map(\.event) == [.problem(.fetch(source: F.sourceB, error))])
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
        // Values that would overflow the timer or the retention date are refused the same way.
        let huge = F.reduce(
            F.state(), ChangeSetting(.refreshInterval(Int.max), date: F.date),
            ChangeSetting(.retentionDays(Int.max), date: F.date))
        #expect(huge.settings == Settings())
        #expect(huge.notices.items.count == 2)
    }

    @Test("stored settings are checked like changes: an out-of-range value keeps the default")
    func storedSettingsAreChecked() {
        let stored = Settings(stored: [
            "refreshInterval": "9223372036854775807", "pageSize": "0", "retentionDays": "off",
            "retentionPerSource": "12",
        ])
        var expected = Settings()
        expected.retentionPerSource = 12
        #expect(stored == expected)
        #expect(Settings(stored: ["refreshInterval": "off", "pageSize": "50"]).refreshInterval == nil)
        #expect(Settings(stored: ["refreshInterval": "garbage"]).refreshInterval == 3_600)
    }

    @Test("only the latest notices are kept, and dismissing forgets the shown ones")
    func notices() {
        var state = RssState()
        for index in 0..<60 { state.notices.post(.newArticles(source: F.sourceA, count: index), at: F.date) }
        #expect(state.notices.items.count == NoticesState.limit)
        #expect(state.notices.items.first?.event == .newArticles(source: F.sourceA, count: 10))
        let dismissed = F.reduce(state, DismissNotices(throughID: 55))
        #expect(dismissed.notices.items.map(\.id) == [56, 57, 58, 59, 60])
    }
}
