import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Writes of concurrent tasks share transactions")
struct GroupCommitTests {
    struct Refused: Error, Equatable {}

    @Test("every job's result reaches its caller; a failing job is rolled back alone", arguments: DatabaseKind.allCases)
    func concurrentJobs(kind: DatabaseKind) async throws {
        let (database, _) = try kind.open()
        try database.write(.check) { db in try db.execute(sql: "CREATE TABLE t (n INTEGER NOT NULL)") }
        let results = await withTaskGroup(of: (Int, Result<Int, any Error>).self) { group in
            for n in 0..<200 {
                group.addTask {
                    do {
                        let value = try await database.groupCommit.write { db, _ in
                            try db.execute(sql: "INSERT INTO t (n) VALUES (?)", arguments: [n])
                            if n % 10 == 7 { throw Refused() }  // after its insert: the savepoint must undo it
                            return n * 2
                        }
                        return (n, .success(value))
                    } catch {
                        return (n, .failure(error))
                    }
                }
            }
            var all: [Int: Result<Int, any Error>] = [:]
            for await (n, result) in group { all[n] = result }
            return all
        }
        #expect(results.count == 200)
        for (n, result) in results {
            switch result {
            case .success(let value): #expect(n % 10 != 7 && value == n * 2)
            case .failure(let error): #expect(n % 10 == 7 && error is Refused)
            }
        }
        let stored = try database.read(.check) { db in try Int.fetchAll(db, sql: "SELECT n FROM t ORDER BY n") }
        #expect(stored == (0..<200).filter { $0 % 10 != 7 })
    }

    @Test("a transaction that cannot commit fails every job of its batch, and the queue goes on")
    func failedTransaction() async throws {
        let (database, _) = try DatabaseKind.memory.open()
        // A deferred foreign key violation is only found at commit time, so the whole batch fails.
        try database.write(.check) { db in
            try db.execute(sql: """
                CREATE TABLE parent (id INTEGER PRIMARY KEY);
                CREATE TABLE child (parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        await #expect(throws: (any Error).self) {
            try await database.groupCommit.write { db, _ in
                try db.execute(sql: "INSERT INTO child (parent) VALUES (42)")
            }
        }
        let value = try await database.groupCommit.write { db, _ in
            try db.execute(sql: "INSERT INTO parent (id) VALUES (1)")
            return 1
        }
        #expect(value == 1)
        #expect(try database.read(.check) { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM child") } == 0)
    }
}
