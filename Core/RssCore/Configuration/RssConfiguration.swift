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

        /// The file ``standard`` names, as the environment makes it now.
        public static var standardFile: URL {
            guard case .file(let path) = DatabaseLocation.defaultFile() else {
                preconditionFailure("the default database is a file")
            }
            return URL(fileURLWithPath: path)
        }
    }

    /// The database to use.
    var database: Database
    /// Whether to refresh every `refreshInterval` (interactive fronts); batch programs leave it off, so that
    /// ``/ReduxVM/Store/idle()`` returns once their own work is done.
    var refreshesPeriodically: Bool
    /// The shortest interval between scheduled fetches of a source (seconds): the refresh interval can be as
    /// short as a minute, and a source's own interval too; this keeps each server from being asked more often
    /// than this by the timer or `rss-report --refresh` (``FetchSchedule``). Refreshes someone asks for are
    /// not held back.
    var minimumFetchInterval: TimeInterval

    /// An OPML file whose feeds a database starts with when this store creates it: a front's preinstalled
    /// sources, as the original app had. Imported once, when the database file is created (relative addresses
    /// in it are relative to the file); a database that exists already is left alone, so sources a user
    /// removed never come back. Nil, the default, starts a new database empty.
    var firstRunSources: URL?

    /// Records every action the store reduces, for replay (``RssJournal/create(at:writer:)``); nil, the
    /// default, records nothing. The caller closes it when the store is done.
    public var journal: ActionJournal<RssState>?
    /// Where actions (with the code that dispatched each), fetches and the database's opening are logged,
    /// at the logger's level; nil, the default, logs nothing. Redact what it writes
    /// (``CredentialRedaction``): feed addresses may carry credentials.
    public var logger: Logger?

    /// How often the store looks for what other processes wrote to the database (``CheckForChanges``); nil
    /// checks only when one is dispatched (a batch program's store becomes idle only without a timer).
    var changeCheckInterval: Duration?

    /// The default minimum interval between timed fetches of one source: 15 minutes.
    public static let defaultMinimumFetchInterval: TimeInterval = 15 * 60

    /// A configuration; the defaults suit a batch program on the shared database.
    ///
    /// - Parameters:
    ///   - database: The database to use.
    ///   - refreshesPeriodically: Whether to refresh every `refresh-interval` (interactive fronts); batch
    ///     programs leave it off, so that ``/ReduxVM/Store/idle()`` returns once their own work is done.
    ///   - minimumFetchInterval: The shortest interval between scheduled fetches of a source, in seconds
    ///     (15 minutes by default): it keeps each server from being asked more often than this by the timer or
    ///     `rss-report --refresh` (``FetchSchedule``), whatever the refresh intervals say. Refreshes someone
    ///     asks for are not held back.
    ///   - firstRunSources: An OPML file whose feeds a database starts with when this store creates it (a
    ///     front's preinstalled sources); a database that exists already is left alone, so sources a user
    ///     removed never come back. Nil starts a new database empty.
    ///   - journal: Records every action the store reduces, for replay (``RssJournal/create(at:writer:)``).
    ///   - logger: Where actions, fetches and the database's opening are logged (``CredentialRedaction``).
    ///   - changeCheckInterval: How often the store looks for what other processes wrote to the database, for
    ///     a front that stays open beside others; nil checks only when the front asks
    ///     (``ReduxVM/Store/checkForChanges()``).
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
