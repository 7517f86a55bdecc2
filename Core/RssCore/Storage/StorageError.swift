import GRDB

/// Why a storage operation failed, as a value that side effects can turn into a finish action.
///
/// Every case renders as one line (`description`) with no SQL text and no bound values, so nothing private from
/// the database (article text, URLs with credentials) leaks into a notice or a log.
enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created (missing directory rights, not a database, …).
    case cannotOpen(path: String, reason: String)
    /// The file was written by a newer version of this program; opening it could damage it.
    case newerSchema(found: Int, supported: Int)
    /// Another process held the write lock for longer than the busy timeout.
    case busy(operation: String)
    /// A record the caller named does not exist (a removed source, say).
    case notFound(String)
    /// A constraint refused the change (a second source with the same URL, say).
    case conflict(String)
    /// Any other SQLite failure, with the operation it interrupted.
    case failed(operation: String, reason: String)

    var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the database \(path): \(reason)"
        case .newerSchema(let found, let supported):
            "the database has schema version \(found); this program knows up to \(supported)"
        case .busy(let operation): "\(operation): the database stayed locked by another process"
        case .notFound(let what): "\(what) not found"
        case .conflict(let what): what
        case .failed(let operation, let reason): "\(operation): \(reason)"
        }
    }

    /// Maps any error thrown by GRDB inside `operation` to a storage error, keeping only SQLite's own message.
    static func wrapping(_ error: any Error, operation: String) -> StorageError {
        if let storageError = error as? StorageError { return storageError }
        guard let databaseError = error as? DatabaseError else {
            return .failed(operation: operation, reason: String(describing: type(of: error)))
        }
        switch databaseError.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(operation: operation)
        case .SQLITE_CONSTRAINT: return .conflict("\(operation): \(databaseError.message ?? "constraint failed")")
        default: return .failed(operation: operation, reason: databaseError.message ?? "SQLite error \(databaseError.resultCode.rawValue)")
        }
    }
}
