import Foundation
import GRDB
import Testing

/// Storage failures injected in the storage layer (a debug build's `RSS_REEDER_TEST_FAULT`): each is a database
/// problem with its own words and exit 70, never a feed's failure; nothing that looks like a complete report
/// reaches standard output; the database stays sound.
@Suite(.timeLimit(.minutes(5)))
struct StorageFaultTests {
    static let fault = "RSS_REEDER_TEST_FAULT"

    @Test(arguments: [
        ("storeFeed:full", "cannot store what was fetched: the disk is full"),
        ("storeFeed:ioError", "cannot store what was fetched: input/output error"),
        ("readArticles:damaged", "cannot read articles: the database is damaged"),
        ("readArticles:ioError", "cannot read articles: input/output error"),
    ])
    func aStorageFailureIsADatabaseProblemWithNothingOnStandardOutput(fault: String, words: String) async throws {
        for format in ["plain", "json", "tsv"] {
            let report = try ReportProcess()
            let result = try await report.run(
                ["--url", ReportProcess.samples[2].path, "--format", format], environment: [Self.fault: fault])
            #expect(result.status == 70, "\(fault) \(format): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(fault) \(format): \(result.stdout.prefix(200))")
            #expect(result.stderrLines.last == "rss-report: error: \(words)", "\(result.stderr)")
            try Self.expectSound(report.database)
        }
    }

    @Test func aReportWhoseMarksCannotBeSavedIsComplete_andSaysSo() async throws {
        let report = try ReportProcess()
        let result = try await report.run(
            ["--url", ReportProcess.samples[2].path, "--format", "json", "--mark-read"],
            environment: [Self.fault: "saveMarks:ioError"])
        #expect(result.status == 70)
        // The report was written whole before the marks failed: valid JSON, every article.
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect((json?["articles"] as? [Any])?.count == 10)
        #expect(result.stderrLines.last == "rss-report: error: cannot save the marks: input/output error")
        try Self.expectSound(report.database)
    }

    @Test func aCleanExitLeavesTheDatabaseFileCompleteOnItsOwn() async throws {
        let report = try ReportProcess()
        let result = try await report.run(["--url", ReportProcess.samples[2].path])
        #expect(result.status == 0)
        let wal = (try? FileManager.default.attributesOfItem(atPath: report.database + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "the write-ahead log still holds \(wal) bytes")
        // The .sqlite file alone, copied elsewhere, holds every article.
        let copy = report.directory.appendingPathComponent("copy.sqlite").path
        try FileManager.default.copyItem(atPath: report.database, toPath: copy)
        let count = try await DatabaseQueue(path: copy).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM article") }
        #expect(count == 10)
    }

    @Test func aBackupIsAConsistentCopyAndNeverOverwrites() async throws {
        let report = try ReportProcess()
        _ = try await report.run(["--url", ReportProcess.samples[2].path])
        let backup = report.directory.appendingPathComponent("backup.sqlite").path
        let first = try await report.run(["--backup", backup])
        #expect(first.status == 0 && first.stdout.isEmpty)
        #expect(first.stderr == "rss-report: backed up the database to \(backup)\n")
        let count = try await DatabaseQueue(path: backup).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM article") }
        #expect(count == 10)
        let again = try await report.run(["--backup", backup])
        #expect(again.status == 73)
        #expect(again.stderr == "rss-report: error: cannot back up the database to \(backup): the file already exists\n")
    }

    /// `PRAGMA integrity_check` says ok.
    static func expectSound(_ path: String) throws {
        let answer = try DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(answer == "ok")
    }
}
