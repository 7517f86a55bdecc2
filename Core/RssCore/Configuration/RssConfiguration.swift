public import Foundation

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
    /// ``ReduxVM/Store/idle()`` returns once their own work is done.
    public var refreshesPeriodically: Bool

    /// A configuration; the defaults suit a batch program on the shared database.
    public init(database: Database = .standard, refreshesPeriodically: Bool = false) {
        self.database = database
        self.refreshesPeriodically = refreshesPeriodically
    }
}
