public import Foundation
public import ReduxVM

/// Fetches sources now: the given ones, or every enabled source, or (on a timer) the enabled sources that are due.
public struct Refresh: JournaledAction, RefreshTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.Refresh"
    /// The sources to fetch, or nil for every enabled source.
    public let sourceIDs: [UUID]?
    /// For a timed refresh: the time of the tick; only sources not fetched within `minimumInterval` of it are
    /// fetched. Nil for a refresh someone asked for, which fetches every source it names.
    public let dueAt: Date?
    /// For a timed refresh: how long a source is left alone after a fetch.
    public let minimumInterval: TimeInterval

    /// Refreshes `sourceIDs`, or everything enabled.
    public init(sourceIDs: [UUID]? = nil) {
        self.sourceIDs = sourceIDs
        self.dueAt = nil
        self.minimumInterval = 0
    }

    private init(dueAt: Date, minimumInterval: TimeInterval) {
        self.sourceIDs = nil
        self.dueAt = dueAt
        self.minimumInterval = minimumInterval
    }

    /// A timed refresh at `date`: the enabled sources not fetched within `minimumInterval` (by any refresh,
    /// timed or not), so that a short timer or a manual refresh just before a tick never hits a server
    /// more often than that.
    public static func due(at date: Date, minimumInterval: TimeInterval) -> Refresh {
        Refresh(dueAt: date, minimumInterval: minimumInterval)
    }

    /// Queues the sources; a refresh already running is extended rather than restarted.
    public func updateState(_ state: inout RssState) {
        let wanted = sourceIDs.map(Set.init)
        let ids = state.sources.all
            .filter { wanted?.contains($0.id) ?? $0.isEnabled }
            .filter { source in dueAt.map { source.status.isDue(at: $0, minimumInterval: minimumInterval) } ?? true }
            .map(\.id)
            .filter { !state.refresh.pending.contains($0) }
        guard !ids.isEmpty else { return }
        if !state.refresh.isRunning {
            state.refresh.isRunning = true
            state.refresh.total = 0
            state.refresh.completed = 0
            state.refresh.newArticles = 0
            state.refresh.generation += 1
        }
        state.refresh.pending.append(contentsOf: ids)
        state.refresh.total += ids.count
    }
}

/// Stops the refresh under way; sources not fetched yet are left for next time.
public struct CancelRefresh: JournaledAction, RefreshTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.CancelRefresh"
    /// Cancels the refresh.
    public init() {}

    /// Ends the refresh in state; the fetches are cancelled by a side effect.
    public func updateState(_ state: inout RssState) {
        guard state.refresh.isRunning else { return }
        state.refresh.isRunning = false
        state.refresh.pending = []
    }
}

/// One source was fetched (or failed, or answered "not modified").
///
/// What the fetch stored is applied even when it arrives after its refresh was cancelled or replaced (the
/// write happened, so the counts and the source must show it); only the refresh's progress ignores it then.
struct SourceFetched: JournaledAction, RefreshTag, SourcesTag, NoticesTag, ListsTag, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.SourceFetched"
    let id: UUID
    let generation: Int
    let outcome: FetchOutcome
    let date: Date

    func updateState(_ state: inout RssState) {
        guard state.sources[id] != nil else { return }
        state.sources.update(id) { source in
            source.status = outcome.status
            if let title = outcome.feedTitle, !title.isEmpty { source.title = title }
            if let siteLink = outcome.siteLink { source.siteLink = siteLink }
            if let movedTo = outcome.movedTo { source.url = movedTo }
        }
        if outcome.newArticles > 0 {
            state.counts.apply(CountChange(total: outcome.newArticles, unreadBySource: [id: outcome.newArticles]))
            state.notices.post(.newArticles(source: id, count: outcome.newArticles), at: date)
        }
        if let until = outcome.skippedUntil {
            state.notices.post(.postponed(source: id, until: until), at: date)
        }
        if let problem = outcome.storageProblem {
            state.notices.post(.database(problem), at: date)
        } else if outcome.skippedUntil == nil, let error = outcome.status.lastError {
            state.notices.post(.fetch(source: id, error), at: date)
        }
        guard isPartOfRunningRefresh(state), let index = state.refresh.pending.firstIndex(of: id) else { return }
        state.refresh.pending.remove(at: index)
        state.refresh.completed += 1
        state.refresh.newArticles += outcome.newArticles
        if state.refresh.pending.isEmpty {
            state.refresh.isRunning = false
            state.refresh.lastFinished = date
            state.lists.reloadAll()
        }
    }

    /// Whether this fetch belongs to the refresh under way (not to a cancelled or older one).
    func isPartOfRunningRefresh(_ state: RssState) -> Bool {
        state.refresh.generation == generation && state.refresh.isRunning && state.refresh.pending.contains(id)
    }
}

/// What fetching one source gave, as the refresh side effect reports it.
struct FetchOutcome: Sendable, Equatable, Codable {
    var status: FetchStatus
    var newArticles = 0
    var feedTitle: String?
    var siteLink: URL?
    var movedTo: URL?
    /// Set when the source was not fetched because it may not be asked again before this time.
    var skippedUntil: Date?
    /// Whether the feed had not changed since the last fetch (HTTP 304, or an unchanged file).
    var wasNotModified = false
    /// Set when the fetch worked but what it brought could not be stored.
    var storageProblem: DatabaseProblem?
}
