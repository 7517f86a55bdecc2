/// Why the database failed, with where and during what: the case a front needs to word it and a batch program
/// to choose its exit status (a database it cannot open is bad input; one that fails mid-run is a failure).
public struct DatabaseProblem: Error, Sendable, Equatable, Codable {
    /// The database file (`:memory:` for an in-memory database).
    public let path: String
    /// What RssCore was doing.
    public let operation: DatabaseOperation
    /// What went wrong.
    public let failure: DatabaseFailure

    /// A problem with the database at `path` during `operation`.
    init(path: String, operation: DatabaseOperation, failure: DatabaseFailure) {
        self.path = path
        self.operation = operation
        self.failure = failure
    }

    /// Whether the database could not be opened at all (as opposed to failing once in use).
    public var isOpening: Bool { operation == .open || operation == .upgrade }
}

/// What RssCore was doing with the database when it failed.
public enum DatabaseOperation: String, Sendable, Equatable, Codable, CaseIterable {
    /// Opening (or creating) the file.
    case open
    /// Bringing an older file's schema up to date.
    case upgrade
    /// Reading the sources at start.
    case loadSources
    /// Reading the settings at start.
    case loadSettings
    /// Reading articles for a list or a query.
    case readArticles
    /// Reading one article.
    case readArticle
    /// Counting unread and starred articles.
    case countArticles
    /// Writing read or starred marks.
    case saveMarks
    /// Storing a new or changed source.
    case saveSource
    /// Removing a source and its articles.
    case removeSource
    /// Storing a setting.
    case saveSetting
    /// Storing what a fetch brought (articles, title, validators).
    case storeFeed
    /// Applying the retention settings.
    case applyRetention
    /// Storing or removing a rule or a saved query.
    case saveRule
    /// Applying a rule to the stored articles.
    case applyRule
    /// Checking the file's integrity, or what other processes changed.
    case check
    /// Merging the write-ahead log into the database file at the end of a session.
    case checkpoint
    /// Copying the database to a backup file.
    case backUp
    /// Storing an article's full text, or what its page's fetch left (validators, a problem).
    case storeFullText
}

/// What went wrong with the database.
public enum DatabaseFailure: Sendable, Equatable, Codable {
    /// The file (or its directory) could not be used as a file: missing directory, no permission, a directory
    /// or device instead of a regular file.
    case file(FileProblem)
    /// The file is not an SQLite database.
    case notADatabase
    /// The file is an SQLite database but damaged.
    case damaged
    /// The file, its directory or its file system is read-only.
    case readOnly
    /// The disk (or the file system's quota) is full.
    case full
    /// The file was written by a newer version of RssReeder; it is left untouched.
    case newerSchema(found: Int, supported: Int)
    /// Another process kept the database locked for longer than RssCore waits.
    case busy
    /// The operating system reported an I/O error.
    case ioError
    /// The change would break a rule of the schema (a second source with the same address).
    case constraint
    /// Any other SQLite failure: its result code and message.
    case other(code: Int32, message: String)
}
