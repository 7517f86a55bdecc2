import Foundation
import GRDB
import Testing

@_spi(Benchmarks) @testable import RssCore

/// A source's schedule in the database (schema version 4): the user's interval for it, and what fetches leave.
@Suite("Schedules in storage")
struct ScheduleStorageTests {
    static let status = StoredFetchStatus(
        etag: "\"e\"", lastSuccessAt: referenceDate, lastError: StoredFetchFailure(error: .http(status: 503), at: referenceDate),
        failureCount: 3, backoffUntil: referenceDate.addingTimeInterval(14_400),
        pendingMoveURL: "https://example.org/moved.xml",
        hints: RefreshHints(ttl: 3_600, updatePeriod: 86_400, serverFreshness: 600))

    @Test(arguments: DatabaseKind.allCases)
    func aSourceKeepsItsScheduleAcrossSavesAndFetches(kind: DatabaseKind) throws {
        let (database, _) = try kind.open()
        var source = makeSource("scheduled")
        source.refreshInterval = 7_200
        source.fetchStatus = Self.status
        try database.saveSource(source)
        #expect(try database.source(id: source.id) == source)

        // A fetch's status writes every field of the schedule but the user's interval.
        var status = Self.status.succeeded(at: referenceDate.addingTimeInterval(60))
        status.hints = RefreshHints(serverFreshness: 1_800)
        status.pendingMoveURL = nil
        #expect(try database.saveFetchStatus(status, sourceID: source.id))
        let fetched = try #require(try database.source(id: source.id))
        #expect(fetched.fetchStatus == status && fetched.refreshInterval == 7_200)
        #expect(status.failureCount == 0 && status.backoffUntil == nil && status.lastError == nil)

        #expect(try database.setRefreshInterval(id: source.id, nil))
        #expect(try database.source(id: source.id)?.refreshInterval == nil)
        #expect(try !database.setRefreshInterval(id: UUID(), 60))
    }

    @Test func enablingASourceForgetsItsFailuresAndDisablingKeepsThem() throws {
        let database = try FeedDatabase.inMemory()
        var source = makeSource("failing")
        source.fetchStatus = Self.status
        try database.saveSource(source)
        try database.setSourceEnabled(id: source.id, false)
        #expect(try database.source(id: source.id)?.fetchStatus.failureCount == 3)
        try database.setSourceEnabled(id: source.id, true)
        let enabled = try #require(try database.source(id: source.id))
        #expect(enabled.isEnabled && enabled.fetchStatus.failureCount == 0 && enabled.fetchStatus.backoffUntil == nil)
        #expect(enabled.fetchStatus.lastError == Self.status.lastError, "the last error still says what happened")
    }

    @Test func aVersion3DatabaseUpgradesWithEverySourceOnItsPlainInterval() throws {
        let directory = try TemporaryDirectory()
        let source = makeSource("old")
        do {
            let queue = try directory.database(migratedUpTo: 2)
            try queue.write { db in
                try db.execute(
                    sql: "INSERT INTO source (id, url, title, addedAt, lastSuccessAt) VALUES (?, ?, ?, ?, ?)",
                    arguments: [
                        source.id.uuidString, source.url, source.title, referenceDate.storageValue,
                        referenceDate.storageValue,
                    ])
            }
        }
        let database = try FeedDatabase(location: .file(path: directory.databasePath))
        #expect(try database.schemaVersion() == FeedSchema.currentVersion)
        let upgraded = try #require(try database.source(id: source.id))
        #expect(upgraded.refreshInterval == nil && upgraded.fetchStatus.failureCount == 0)
        #expect(upgraded.fetchStatus.hints == RefreshHints() && upgraded.fetchStatus.pendingMoveURL == nil)
        #expect(upgraded.fetchStatus.lastSuccessAt == referenceDate)
    }
}
