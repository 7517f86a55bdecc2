public import Foundation
public import ReduxVM

/// Fetches sources now: the given ones, or every enabled source, or (a look of the reader's timer) the enabled
/// sources that are due.
public struct Refresh: JournaledAction, RefreshTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.Refresh"
    /// The sources to fetch, or nil for every enabled source.
    let sourceIDs: [UUID]?
    /// For a look of the timer: its time; the sources due then by their schedule (``FetchSchedule``) are
    /// fetched. Nil for a refresh someone asked for, which fetches every source it names.
    let dueAt: Date?
    /// For a look of the timer: the minimum fetch interval, under which no interval goes.
    let minimumInterval: TimeInterval
    /// Whether each source is fetched only if it is due by its schedule, as the database says when its fetch
    /// starts (`rss-report --refresh`; every look of the timer). A refresh asked for without it fetches
    /// regardless of schedules and back-off (a server's `Retry-After` is always honoured).
    let onlyIfDue: Bool
    /// For a refresh a ``LibraryPool`` makes for all its libraries at once: a fetch of the same address made for
    /// another library at or after this time serves this one (absent in journals from before pools).
    let sharedSince: Date?

    /// Refreshes `sourceIDs`, or everything enabled; with `onlyIfDue`, only those whose time has come.
    public init(sourceIDs: [UUID]? = nil, onlyIfDue: Bool = false) {
        self.sourceIDs = sourceIDs
        self.dueAt = nil
        self.minimumInterval = 0
        self.onlyIfDue = onlyIfDue
        sharedSince = nil
    }

    private init(dueAt: Date, minimumInterval: TimeInterval) {
        self.sourceIDs = nil
        self.dueAt = dueAt
        self.minimumInterval = minimumInterval
        self.onlyIfDue = true
        sharedSince = nil
    }

    /// A pool's refresh of `sourceIDs`, begun at `since`: every source named is fetched (the pool decided they
    /// are due, for this library or another that follows the same address), and a fetch another library made
    /// since then serves it.
    init(sharedSourceIDs sourceIDs: [UUID], since: Date) {
        self.sourceIDs = sourceIDs
        dueAt = nil
        minimumInterval = 0
        onlyIfDue = false
        sharedSince = since
    }

    /// A look of the reader's timer at `date`: the enabled sources due by their schedule (each at its own
    /// slot of its interval, never sooner than `minimumInterval` after its last fetch by anyone), and when to
    /// look next (``RefreshState/nextTimedCheck``).
    @_spi(Benchmarks) public static func due(at date: Date, minimumInterval: TimeInterval) -> Refresh {
        Refresh(dueAt: date, minimumInterval: minimumInterval)
    }

    /// Reads a refresh as journals record it; journals from before schedules lack `onlyIfDue`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sourceIDs = try container.decodeIfPresent([UUID].self, forKey: .sourceIDs)
        dueAt = try container.decodeIfPresent(Date.self, forKey: .dueAt)
        minimumInterval = try container.decode(TimeInterval.self, forKey: .minimumInterval)
        onlyIfDue = try container.decodeIfPresent(Bool.self, forKey: .onlyIfDue) ?? (dueAt != nil)
        sharedSince = try container.decodeIfPresent(Date.self, forKey: .sharedSince)
    }

    /// Queues the sources; a refresh already running is extended rather than restarted.
    public func updateState(_ state: inout RssState) {
        let ids: [UUID]
        if let dueAt {
            ids = TimedRefreshPlan.look(&state, at: dueAt, minimum: minimumInterval)
        } else {
            let wanted = sourceIDs.map(Set.init)
            let pending = Set(state.refresh.pending)
            ids = state.sources.all.filter { wanted?.contains($0.id) ?? $0.isEnabled }.map(\.id)
                .filter { !pending.contains($0) }
        }
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
        if onlyIfDue { state.refresh.onlyIfDue.formUnion(ids) }
        if let sharedSince { for id in ids { state.refresh.sharedSince[id] = sharedSince } }
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
        state.refresh.onlyIfDue = []
        state.refresh.sharedSince = [:]
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
        guard let before = state.sources[id] else { return }
        state.sources.update(id) { source in
            source.status = outcome.status
            if let title = outcome.feedTitle, !title.isEmpty { source.takeFeedTitle(title) }
            if let siteLink = outcome.siteLink { source.siteLink = siteLink }
            if let iconURL = outcome.iconURL { source.iconURL = iconURL }
            if let movedTo = outcome.movedTo { source.url = movedTo }
            if outcome.isGone == true { source.isEnabled = false }
        }
        if let movedTo = outcome.movedTo, movedTo != before.url {
            state.notices.post(.moved(source: id, from: before.url, to: movedTo), at: date)
        }
        if outcome.newArticles > 0 {
            state.counts.apply(
                CountChange(
                    total: outcome.newArticles, unreadBySource: [id: outcome.newUnread ?? outcome.newArticles],
                    starred: outcome.newStarred ?? 0, duplicates: outcome.newDuplicates ?? StoryDuplicates()))
            state.notices.post(.newArticles(source: id, count: outcome.newArticles), at: date)
        }
        // A scheduled refresh finding a source not due yet is routine: only a server's wait is news.
        if let until = outcome.skippedUntil, (outcome.skipReason ?? .retryAfter) == .retryAfter {
            state.notices.post(.postponed(source: id, until: until), at: date)
        }
        if let problem = outcome.storageProblem {
            state.notices.post(.database(problem), at: date)
        } else if outcome.isGone == true {
            state.notices.post(.gone(source: id), at: date)
        } else if outcome.skippedUntil == nil, let error = outcome.status.lastError {
            state.notices.post(.fetch(source: id, error), at: date)
        }
        guard isPartOfRunningRefresh(state), let index = state.refresh.pending.firstIndex(of: id) else { return }
        state.refresh.pending.remove(at: index)
        state.refresh.onlyIfDue.remove(id)
        state.refresh.sharedSince[id] = nil
        state.refresh.completed += 1
        // Each story once, as the lists count it: a copy of a story another source brought is not news.
        let copies = state.settings.showsStoriesOnce ? outcome.newDuplicates?.total ?? 0 : 0
        state.refresh.newArticles += outcome.newArticles - copies
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
    /// New articles stored and left visible by the rules.
    var newArticles = 0
    /// Of those, the unread and the starred ones (the rules may have marked them); nil in journals from
    /// before rules: all unread, none starred.
    var newUnread: Int?
    var newStarred: Int?
    /// Of the new articles, the copies of stories another source's copy stands for (nil: none, and in journals
    /// from before stories).
    var newDuplicates: StoryDuplicates?
    var feedTitle: String?
    var siteLink: URL?
    /// The icon the feed declares (nil: none, and in journals from before icons).
    var iconURL: URL?
    var movedTo: URL?
    /// Set when the source was not fetched because it may not be asked again before this time.
    var skippedUntil: Date?
    /// Why it was not fetched; nil (journals from before schedules) is `Retry-After`.
    var skipReason: SkipReason?
    /// Set when the server said the feed is gone for good (410): the source was disabled.
    var isGone: Bool?
    /// Whether the feed had not changed since the last fetch (HTTP 304, or an unchanged file).
    var wasNotModified = false
    /// Set when the fetch worked but what it brought could not be stored.
    var storageProblem: DatabaseProblem?
}
