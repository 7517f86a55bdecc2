import Foundation
import GRDB

extension FeedDatabase {
    /// Merges the write-ahead log into the database file and empties it, when no other process is reading or
    /// writing at this moment; otherwise leaves it (the last process to close does it). Returns whether the
    /// file is now complete on its own.
    ///
    /// Without this a process that ends without closing leaves its last commits in the `-wal` file: a user who
    /// copies the `.sqlite` file alone copies an older database.
    func checkpointIfAlone() throws(DatabaseProblem) -> Bool {
        guard case .file = location else { return true }
        try StorageFaults.check(.checkpoint, path: location.displayPath)
        do {
            return try writer.writeWithoutTransaction { db in
                // Wait for nobody: another process reading now keeps its WAL, and that is fine.
                try db.execute(sql: "PRAGMA busy_timeout = 0")
                // Restoring the wait matters only if the store goes on; should it fail, the next write that meets
                // a lock fails at once as busy, and says so.
                defer { try? db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.busyTimeout * 1000))") }
                guard let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)") else { return false }
                let busy: Int = row[0]
                return busy == 0
            }
        } catch {
            let problem = problem(error, during: .checkpoint)
            if problem.failure == .busy { return false }
            throw problem
        }
    }

    /// Copies the database, as one consistent snapshot, to `file` (which must not exist): safe while other
    /// processes use it, unlike copying the `.sqlite` file, which may miss what is still in the `-wal` file.
    func backUp(to file: URL) throws(DatabaseProblem) {
        if FileManager.default.fileExists(atPath: file.path) {
            throw DatabaseProblem(path: file.path, operation: .backUp, failure: .file(.alreadyExists))
        }
        do {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [file.path]) }
        } catch {
            throw DatabaseProblem(path: file.path, operation: .backUp, failure: DatabaseFailure(error))
        }
    }
}
