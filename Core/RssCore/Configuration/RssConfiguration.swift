public import Foundation
public import Logging
public import ReduxVM

/// How to build a reader: which database, and whether to refresh on a timer.
public struct RssConfiguration: Sendable {
    /// Where the reader keeps its sources and articles.
    public enum Database: Sendable, Equatable {
        /// The shared default, `$XDG_DATA_HOME/rss-reeder/rss-reeder.sqlite` (else under `~/.local/share`),
        /// so that every front of one user sees the same sources.
        case standard
        /// A database file of the caller's choosing; its directory is created when missing.
        case file(URL)
        /// A private database in memory, gone with the store: tests and demos.
        case inMemory
    }

    /// The database to use.
    public var database: Database
    /// Whether to refresh every `refreshInterval` (interactive fronts); batch programs leave it off, so that
    /// ``/ReduxVM/Store/idle()`` returns once their own work is done.
    public var refreshesPeriodically: Bool
    /// The shortest interval between scheduled fetches of a source (seconds): the refresh interval can be as
    /// short as a minute, and a source's own interval too; this keeps each server from being asked more often
    /// than this by the timer or `rss-report --refresh` (``FetchSchedule``). Refreshes someone asks for are
    /// not held back.
    public var minimumFetchInterval: TimeInterval

    /// An OPML file whose feeds a database starts with when this store creates it: a front's preinstalled
    /// sources, as the original app had. Imported once, when the database file is created (relative addresses
    /// in it are relative to the file); a database that exists already is left alone, so sources a user
    /// removed never come back. Nil, the default, starts a new database empty.
    public var firstRunSources: URL?

    /// Records every action the store reduces, for replay (``RssJournal/create(at:writer:)``); nil, the
    /// default, records nothing. The caller closes it when the store is done.
    public var journal: ActionJournal<RssState>?
    /// Where actions (with the code that dispatched each), fetches and the database's opening are logged,
    /// at the logger's level; nil, the default, logs nothing. Redact what it writes
    /// (``CredentialRedaction``): feed addresses may carry credentials.
    public var logger: Logger?

    /// How often the store looks for what other processes wrote to the database (``CheckForChanges``), for a
    /// front that stays open beside others; nil, the default, checks only when a ``CheckForChanges`` is
    /// dispatched (a batch program's store becomes idle only without a timer).
    public var changeCheckInterval: Duration?

    /// The default minimum interval between timed fetches of one source: 15 minutes.
    public static let defaultMinimumFetchInterval: TimeInterval = 15 * 60

    /// A configuration; the defaults suit a batch program on the shared database.
    public init(
        database: Database = .standard, refreshesPeriodically: Bool = false,
        minimumFetchInterval: TimeInterval = defaultMinimumFetchInterval, firstRunSources: URL? = nil,
        journal: ActionJournal<RssState>? = nil, logger: Logger? = nil, changeCheckInterval: Duration? = nil
    ) {
        self.changeCheckInterval = changeCheckInterval
        self.journal = journal
        self.logger = logger
        self.database = database
        self.firstRunSources = firstRunSources
        self.refreshesPeriodically = refreshesPeriodically
        self.minimumFetchInterval = max(0, minimumFetchInterval)
    }
}
