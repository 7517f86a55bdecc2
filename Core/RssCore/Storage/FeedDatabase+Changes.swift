import GRDB

extension FeedDatabase {
    /// SQLite's `data_version` on the writer's connection: it changes when any other connection, of this
    /// process or another, commits, and never for this connection's own commits. Every write of this process
    /// goes through that connection, so a change means another process wrote.
    func dataVersion() throws(DatabaseProblem) -> Int {
        do {
            return try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        } catch {
            throw problem(error, during: .check)
        }
    }
}
