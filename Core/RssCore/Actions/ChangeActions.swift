import Foundation
public import ReduxVM

/// Looks in the database for what other processes changed (a report adding sources, a fetch recording a
/// `Retry-After`, marks made elsewhere) and, if anything, reloads sources, settings, counts and lists through
/// ``RssStore``'s ordinary actions, so every view updates as for a local change.
///
/// A store made with ``RssConfiguration/changeCheckInterval`` dispatches it on a timer; a front dispatches it
/// before each user command too. It costs one `PRAGMA` when nothing changed.
@_spi(Benchmarks) public struct CheckForChanges: JournaledAction {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.CheckForChanges"
    /// Reload even if no other process wrote (after a refresh, whose concurrent writes a check could not
    /// count exactly).
    let force: Bool

    /// A check; `force` reloads whatever the database says.
    @_spi(Benchmarks) public init(force: Bool = false) {
        self.force = force
    }

    /// Changes nothing: the check runs in the database lane, after every write asked before it.
    public func updateState(_ state: inout RssState) {
        if force { state.countsNeedCheck = false }
    }
}

/// What the database holds after another process wrote, merged with what changed here meanwhile.
///
/// The read ran in the database lane while actions went on being reduced. `before` is the state the check
/// started from: whatever differs from it now was changed here since (a source added, removed or disabled, a
/// setting changed) and its write is still to come, so it wins over what was read; the rest is taken from the
/// database.
struct DatabaseChanged: JournaledAction, SourcesTag, SettingsTag, MarksTag, ListsTag, RulesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.DatabaseChanged"
    let sources: [Source]
    let settings: Settings
    let counts: ArticleCounts
    let before: Snapshot
    /// The rules and saved queries (nil in journals from before rules).
    var rules: RulesState? = nil

    /// What the check started from.
    struct Snapshot: Sendable, Equatable, Codable {
        let sources: [Source]
        let settings: Settings
        /// Whether a refresh (whose merges run beside the lane) was under way.
        let wasRefreshing: Bool
        var rules: RulesState? = nil
    }

    func updateState(_ state: inout RssState) {
        state.sources.all = mergedSources(local: state.sources.all)
        if state.settings == before.settings { state.settings = settings }
        // Rules are changed here one at a time and written at once: unless one was meanwhile, the database's win.
        if let rules, state.rules == before.rules { state.rules = rules }
        // A refresh's merges commit outside the lane: their counts may or may not be in what was read, so
        // the counts are read again once it is over.
        if before.wasRefreshing || state.refresh.isRunning {
            state.countsNeedCheck = true
        } else {
            state.counts = counts
        }
        state.counts.countsStoriesOnce = state.settings.showsStoriesOnce
        state.lists.reloadAll()
    }

    private func mergedSources(local: [Source]) -> [Source] {
        let base = Dictionary(before.sources.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let mine = Dictionary(local.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var merged: [Source] = []
        for source in sources {
            switch (base[source.id], mine[source.id]) {
            case (.some, nil): continue  // removed here since
            case (let was?, let now?) where now != was: merged.append(now)  // changed here since
            default: merged.append(source)
            }
        }
        let read = Set(sources.map(\.id))
        // Added here since the check began (not in what it started from, nor yet in the database).
        merged += local.filter { base[$0.id] == nil && !read.contains($0.id) }
        return merged
    }
}
