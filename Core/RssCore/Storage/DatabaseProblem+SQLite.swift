import Foundation
import GRDB

extension DatabaseFailure {
    /// The failure an error thrown by GRDB (or by the file system under it) means. Only SQLite's result code
    /// and, for codes with no case of their own, its message are kept: never SQL text or bound values, so
    /// nothing private from the database (article text, URLs with credentials) reaches a notice or a log.
    init(_ error: any Error) {
        if let problem = error as? DatabaseProblem {
            self = problem.failure
            return
        }
        guard let databaseError = error as? DatabaseError else {
            self = .file(FileProblem(error))
            return
        }
        switch databaseError.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
        case .SQLITE_CONSTRAINT: self = .constraint
        case .SQLITE_FULL: self = .full
        case .SQLITE_READONLY: self = .readOnly
        case .SQLITE_CORRUPT: self = .damaged
        case .SQLITE_NOTADB: self = .notADatabase
        case .SQLITE_IOERR: self = .ioError
        case .SQLITE_PERM, .SQLITE_AUTH: self = .file(.permissionDenied)
        // Readable files were checked before opening: what is left is the directory, where SQLite cannot
        // create the write-ahead log.
        case .SQLITE_CANTOPEN: self = .file(.permissionDenied)
        default:
            self = .other(
                code: databaseError.resultCode.rawValue,
                message: databaseError.message ?? "SQLite error \(databaseError.resultCode.rawValue)")
        }
    }
}
