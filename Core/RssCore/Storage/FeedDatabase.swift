import Foundation
import GRDB

/// The feed database: sources, articles, settings and the full-text index, behind synchronous methods that side
/// effects call from their own tasks.
///
/// A file opens as a `DatabasePool` in WAL mode, so readers never wait for the writer and a REPL and a cron report
/// can share the file. Two settings make that sharing safe across processes:
/// - a busy timeout (`busyTimeout`, several seconds): a writer waits for another process's write transaction to
///   end instead of failing at once with "database is locked";
/// - immediate write transactions (GRDB 7's default for writes): the write lock is taken at `BEGIN`, so a
///   transaction never has to upgrade a read snapshot to a write, the one case a busy timeout cannot cure.
///
/// Every write is one transaction: a process killed in the middle of a refresh leaves the last committed state
/// (WAL replay on the next open), never half a merge. Commits do not wait for the disk (`synchronous = NORMAL`,
/// SQLite's recommended setting for WAL): a killed process still loses nothing committed, only a power cut may
/// lose the last commits (never consistency), and a refresh of 500 sources no longer pays 500 fsyncs. Foreign keys are on, so removing a source removes its
/// articles. The type is `Sendable`: its only state is the GRDB writer, which serialises access itself.
final class FeedDatabase: Sendable {
    /// How long a write waits for another process's transaction before failing with ``DatabaseFailure/busy``.
    static let busyTimeout: TimeInterval = 10

    /// The GRDB connection (pool or queue); internal to `Storage/`, never exposed beyond RssCore.
    let writer: any DatabaseWriter
    /// Where this database lives.
    let location: DatabaseLocation
    /// Shares transactions between the writes of concurrent fetches.
    let groupCommit: GroupCommit
    /// Whether this open created the database (it had no schema yet): what decides a first run.
    let isNew: Bool

    /// Opens (creating when missing) the database at `location` and migrates it to the current schema.
    ///
    /// Anything at the path that is not a regular file is refused before SQLite sees it: SQLite would open
    /// `/dev/null` as an empty database and create `/dev/null-journal` beside it.
    init(location: DatabaseLocation) throws(DatabaseProblem) {
        self.location = location
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "RssCore.FeedDatabase"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            if !db.configuration.readonly {
                // Each write statement in a transaction, and each job of a shared one (GroupCommit), opens a
                // savepoint, and SQLite keeps the pages a savepoint may have to restore in a sub-journal that
                // becomes a temporary file past 64 KiB: a cold refresh wrote 13 pages per stored article to it.
                // In memory, it holds the pages one job changes, until the job's savepoint is released.
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
            }
            db.add(function: SearchText.function)
            db.add(function: SearchText.fullTextFunction)
            db.add(function: FilterMatchFunction.function)
            try SearchQuery.createVocabulary(db)
        }
        let path = location.displayPath
        do {
            switch location {
            case .inMemory:
                writer = try DatabaseQueue(configuration: configuration)
            case .file(let path):
                try Self.prepareFile(at: path)
                writer = try DatabasePool(path: path, configuration: configuration)
            }
        } catch {
            throw DatabaseProblem(path: path, operation: .open, failure: DatabaseFailure(error))
        }
        groupCommit = GroupCommit(writer: writer)
        isNew = try FeedSchema.migrate(writer, path: path)
    }

    /// Checks that `path` is a regular file or nothing yet, and creates its directory when missing.
    private static func prepareFile(at path: String) throws(DatabaseProblem) {
        func refuse(_ problem: FileProblem) -> DatabaseProblem {
            DatabaseProblem(path: path, operation: .open, failure: .file(problem))
        }
        guard !path.isEmpty else { throw refuse(.noSuchFile) }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw refuse(.isDirectory)
            default: throw refuse(.notRegularFile)
            }
            // SQLite's own word for an unreadable file is "unable to open database file".
            guard access(path, R_OK) == 0 else { throw refuse(FileProblem(errno: errno)) }
            return
        }
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw refuse(FileProblem(error))
        }
    }

    /// A fresh in-memory database with the current schema (tests and demos).
    static func inMemory() throws(DatabaseProblem) -> FeedDatabase {
        try FeedDatabase(location: .inMemory)
    }

    /// The schema version of the open database: the number of migrations applied, also kept in
    /// `PRAGMA user_version` so that `sqlite3 file 'PRAGMA user_version'` shows it.
    func schemaVersion() throws(DatabaseProblem) -> Int {
        try read(.open) { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    /// The problem `error` means during `operation` on this database.
    func problem(_ error: any Error, during operation: DatabaseOperation) -> DatabaseProblem {
        if let problem = error as? DatabaseProblem { return problem }
        return DatabaseProblem(path: location.displayPath, operation: operation, failure: DatabaseFailure(error))
    }

    /// Runs `body` on a read snapshot; errors become problems naming `operation`.
    func read<T>(_ operation: DatabaseOperation, _ body: (Database) throws -> T) throws(DatabaseProblem) -> T {
        try StorageFaults.check(operation, path: location.displayPath)
        do {
            return try writer.read(body)
        } catch {
            throw problem(error, during: operation)
        }
    }

    /// Runs `body` in one immediate write transaction; errors roll it back and become problems.
    func write<T>(_ operation: DatabaseOperation, _ body: (Database) throws -> T) throws(DatabaseProblem) -> T {
        try StorageFaults.check(operation, path: location.displayPath)
        do {
            return try writer.write(body)
        } catch {
            throw problem(error, during: operation)
        }
    }

    /// Runs `body` in a transaction shared with other concurrent writers (``GroupCommit``), atomically on its
    /// own; returns once committed. Errors become problems naming `operation`.
    func groupWrite<T: Sendable>(
        _ operation: DatabaseOperation, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(DatabaseProblem) -> T {
        try await groupWrite(operation) { db, _ in try body(db) }
    }

    /// ``groupWrite(_:_:)`` for work that stores articles: it adds them to `pending`, and the shared
    /// transaction indexes them for search before it commits.
    func groupWrite<T: Sendable>(
        _ operation: DatabaseOperation, _ body: @escaping @Sendable (Database, inout PendingSearchIndex) throws -> T
    ) async throws(DatabaseProblem) -> T {
        try StorageFaults.check(operation, path: location.displayPath)
        do {
            return try await groupCommit.write(body)
        } catch {
            throw problem(error, during: operation)
        }
    }
}

extension DatabaseLocation {
    /// The path for messages (`:memory:` for an in-memory database).
    var displayPath: String {
        switch self {
        case .file(let path): path
        case .inMemory: ":memory:"
        }
    }
}
