import Foundation
import ReduxVM

/// Keeps the state and the database in step: reads at start, reads list pages and articles, writes marks,
/// sources and settings.
///
/// Every database call runs in a tracked task in the ``DatabaseLane``, in the order of the actions that
/// asked for it: a page read after a mark sees the mark, and results come back as actions in that order.
final class LibraryService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let now: @Sendable () -> Date
    /// The page each list's last read showed, read and written only by list reads in the database lane
    /// (see ``PageRequest``); locked because those run on whatever thread the lane's task gets.
    let pagesRead = Locked<[ListID: Int]>([:])
    /// The database's `data_version` at the last check (see ``CheckForChangesSE``).
    let dataVersionSeen = Locked<Int?>(nil)
    /// How often to look for other processes' changes; nil: only when asked.
    let changeCheckInterval: Duration?
    let clock: any Clock<Duration>

    init(
        database: FeedDatabase, now: @escaping @Sendable () -> Date, clock: any Clock<Duration> = ContinuousClock(),
        changeCheckInterval: Duration? = nil
    ) {
        self.database = database
        self.now = now
        self.clock = clock
        self.changeCheckInterval = changeCheckInterval
    }

    /// In the order they are asked: a tag change is written before the read of a list showing that tag, and a
    /// mark before the read of a list it brings an article into (a star while the starred list shows).
    var sideEffects: [any SideEffect<LibraryService>] {
        [
            StartSE(), SaveTagsAndTitleSE(), SaveTagRegistrySE(), SaveRulesSE(), ApplyRuleSE(), SaveMarksSE(),
            LoadListSE(list: .first), LoadListSE(list: .second), LoadArticleSE(), SaveSourceSE(), RemoveSourceSE(), SaveSettingsSE(), CheckForChangesSE(), ChangeTimerSE(),
            RecountAfterRefreshSE(), SaveSourceIntervalSE(),
        ]
    }

    /// Runs `work` against the database in the database lane; the action it returns is dispatched, and a
    /// failure becomes a problem notice. With an `id`, starting it cancels the work with that id that has
    /// not run yet: a superseded list read is skipped.
    func perform(
        _ trunk: Trunk<RssState>, id: String? = nil, ticket: CommandTicket? = nil,
        _ work: @escaping @Sendable (FeedDatabase) throws(DatabaseProblem) -> (any Action<RssState>)?
    ) {
        DatabaseLane.run(trunk, id: id, database: database, now: now, ticket: ticket, work)
    }
}

/// The lane of every database effect of a reader (see ``/ReduxVM/TaskLane``): reads and writes run one at a
/// time, in the order of the actions that started them, so that a read sees every write asked before it and
/// results never arrive out of order.
enum DatabaseLane {
    static let lane = TaskLane("RssCore.database")

    /// Runs `work` in the lane; see ``LibraryService/perform(_:id:ticket:_:)``. A database problem ends the
    /// command `ticket` names, when there is one.
    static func run(
        _ trunk: Trunk<RssState>, id: String? = nil, database: FeedDatabase, now: @escaping @Sendable () -> Date,
        ticket: CommandTicket? = nil,
        _ work: @escaping @Sendable (FeedDatabase) throws(DatabaseProblem) -> (any Action<RssState>)?
    ) {
        let body: @Sendable (Trunk<RssState>) async -> Void = { trunk in
            if Task.isCancelled { return }
            do throws(DatabaseProblem) {
                if let action = try work(database) { trunk.dispatch(action) }
            } catch {
                trunk.dispatch(ProblemOccurred(problem: .database(error), date: now(), ticket: ticket))
            }
        }
        if let id {
            trunk.run(id: id, cancellingInFlight: true, in: lane, operation: body)
        } else {
            trunk.run(in: lane, operation: body)
        }
    }
}
