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
    /// How long a write waits for another process's transaction before failing with `StorageError.busy`.
    static let busyTimeout: TimeInterval = 10

    /// The GRDB connection (pool or queue); internal to `Storage/`, never exposed beyond RssCore.
    let writer: any DatabaseWriter
    /// Where this database lives.
    let location: DatabaseLocation
    /// Shares transactions between the writes of concurrent fetches.
    let groupCommit: GroupCommit

    /// Opens (creating when missing) the database at `location` and migrates it to the current schema.
    init(location: DatabaseLocation) throws(StorageError) {
        self.location = location
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.label = "RssCore.FeedDatabase"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            db.add(function: SearchText.function)
        }
        do {
            switch location {
            case .inMemory:
                writer = try DatabaseQueue(configuration: configuration)
            case .file(let path):
                let directory = (path as NSString).deletingLastPathComponent
                if !directory.isEmpty {
                    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                }
                writer = try DatabasePool(path: path, configuration: configuration)
            }
        } catch {
            throw .cannotOpen(path: location.displayPath, reason: Self.reason(error))
        }
        groupCommit = GroupCommit(writer: writer)
        try FeedSchema.migrate(writer)
    }

    /// A fresh in-memory database with the current schema (tests and demos).
    static func inMemory() throws(StorageError) -> FeedDatabase {
        try FeedDatabase(location: .inMemory)
    }

    /// The schema version of the open database: the number of migrations applied, also kept in
    /// `PRAGMA user_version` so that `sqlite3 file 'PRAGMA user_version'` shows it.
    func schemaVersion() throws(StorageError) -> Int {
        try read("read the schema version") { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    /// Runs `body` on a read snapshot; errors become `StorageError`s naming `operation`.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw StorageError.wrapping(error, operation: operation)
        }
    }

    /// Runs `body` in one immediate write transaction; errors roll it back and become `StorageError`s.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try writer.write(body)
        } catch {
            throw StorageError.wrapping(error, operation: operation)
        }
    }

    /// Runs `body` in a transaction shared with other concurrent writers (``GroupCommit``), atomically on its
    /// own; returns once committed. Errors become `StorageError`s naming `operation`.
    func groupWrite<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(StorageError) -> T {
        do {
            return try await groupCommit.write(body)
        } catch {
            throw StorageError.wrapping(error, operation: operation)
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let databaseError = error as? DatabaseError {
            return databaseError.message ?? "SQLite error \(databaseError.resultCode.rawValue)"
        }
        return (error as NSError).localizedDescription
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
