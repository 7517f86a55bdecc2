#if os(Linux)
import Glibc
#endif
import Foundation
import GRDB
import Synchronization
import Testing
@_spi(Benchmarks) @testable import RssCore

/// Storage shared by several processes and interrupted by SIGKILL: the two promises of SPEC §4 for storage.
@Suite("Several processes on one database file")
struct MultiProcessTests {
    static let sharedSourceID = SyntheticFeeds.uuid(prefix: 0x5, 0)

    /// A parent and a child process write the same new file at once (both also race to migrate it):
    /// no write fails with "database is locked", and every write of both is there afterwards.
    @Test(.timeLimit(.minutes(5)))
    func twoProcessesWriteOneFileAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.databasePath
        let childDone = Atomic<Bool>(false)
        let parent = Task.detached { () throws -> Int in
            let database = try FeedDatabase(location: .file(path: path))
            try Self.ensureSharedSource(database)
            var rounds = 0
            while rounds < 50 || !childDone.load(ordering: .relaxed) {
                try database.mergeFetchedItems([makeItem("parent-\(rounds)")], sourceID: Self.sharedSourceID)
                let rows = try database.listArticles(ListFilter(marks: .unread), limit: 5).rows
                try database.setRead(true, articleIDs: rows.prefix(1).map(\.id))
                rounds += 1
                if rounds > 5_000 { break }
            }
            return rounds
        }
        await #expect(processExitsWith: .success) { [path = path as String] in
            let database = try FeedDatabase(location: .file(path: path))
            try MultiProcessTests.ensureSharedSource(database)
            for round in 0..<200 {
                try database.mergeFetchedItems([makeItem("child-\(round)")], sourceID: MultiProcessTests.sharedSourceID)
                try database.setSetting("child", to: "\(round)")
            }
        }
        childDone.store(true, ordering: .relaxed)
        let parentRounds = try await parent.value
        let database = try FeedDatabase(location: .file(path: path))
        #expect(try database.setting("child") == "199")
        #expect(try database.listArticles(ListFilter(), limit: 1).totalCount == 200 + parentRounds)
        #expect(try database.integrityCheck() == ["ok"])
    }

    /// Creates the shared source unless the other process already did (INSERT … ON CONFLICT on the id).
    static func ensureSharedSource(_ database: FeedDatabase) throws {
        try database.write(.check) { db in
            try db.execute(
                sql: "INSERT INTO source (id, url, title, addedAt) VALUES (?, 'https://example.org/shared.xml', 'shared', 0) ON CONFLICT DO NOTHING",
                arguments: [sharedSourceID.uuidString])
        }
    }

    /// The number of kill rounds: 20 by default, `RSSCORE_KILL_ITERATIONS` for longer local runs.
    static var killIterations: Int {
        ProcessInfo.processInfo.environment["RSSCORE_KILL_ITERATIONS"].flatMap(Int.init) ?? 20
    }

    /// A child marks articles read and starred (committed), then merges large refreshes until a timer thread
    /// kills it with SIGKILL at a random moment. The file must pass `integrity_check` and keep every mark.
    @Test(.timeLimit(.minutes(5)))
    func aProcessKilledMidRefreshLosesNoMark() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.databasePath
        do {
            let database = try FeedDatabase(location: .file(path: path))
            try SyntheticFeeds.fill(database, sourceCount: 4, articleCount: 4_000)
        }
        for iteration in 0..<Self.killIterations {
            await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String, iteration = iteration as Int] in
                let database = try FeedDatabase(location: .file(path: path))
                let (read, starred) = MultiProcessTests.marks(iteration: iteration)
                try database.setRead(true, articleIDs: read)
                try database.setStarred(true, articleIDs: starred)
                // Committed: from here on a kill must lose nothing above.
                var generator = SystemRandomNumberGenerator()
                let delay = UInt32.random(in: 1_000...150_000, using: &generator)
                let killer = Thread {
                    usleep(delay)
                    kill(getpid(), SIGKILL)
                }
                killer.start()
                let source = SyntheticFeeds.uuid(prefix: 0x5, iteration % 4)
                var round = 0
                while true {
                    // Known items with new text (marks must survive) and a batch of new items.
                    let known = (0..<500).map { index in
                        makeItem("item-\(iteration % 4 + 4 * index)", title: "Retitled \(iteration)-\(round)-\(index)")
                    }
                    let fresh = (0..<1_500).map { makeItem("kill-\(iteration)-\(round)-\($0)", summary: "zeppelin \(round)") }
                    try database.mergeFetchedItems(known + fresh, sourceID: source)
                    round += 1
                }
            }
            let database = try FeedDatabase(location: .file(path: path))
            #expect(try database.integrityCheck() == ["ok"], "iteration \(iteration)")
            try database.checkSearchIndex()
            for past in 0...iteration {
                let (read, starred) = Self.marks(iteration: past)
                for id in read { #expect(try database.article(id: id)?.isRead == true, "iteration \(past): \(id) read") }
                for id in starred { #expect(try database.article(id: id)?.isStarred == true, "iteration \(past): \(id) starred") }
            }
        }
    }

    /// The articles iteration `iteration` marks: read ones and starred ones, distinct per iteration, none of them
    /// read or starred by the synthetic data (index not divisible by 3 or 97).
    static func marks(iteration: Int) -> (read: [UUID], starred: [UUID]) {
        let indexes = (0..<20).map { 1 + 3 * (iteration * 20 + $0) }.filter { $0 % 97 != 0 && $0 < 4_000 }
        let ids = indexes.map { SyntheticFeeds.uuid(prefix: 0xA, $0) }
        return (Array(ids.prefix(10)), Array(ids.dropFirst(10)))
    }
}
