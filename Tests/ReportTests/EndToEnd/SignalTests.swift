import Foundation
import Testing

/// SIGTERM and SIGINT stop a run cleanly: the status says which signal, nothing is reported or marked, and
/// the database is sound for the next run.
///
/// `file://` fetches are too quick to catch in flight, so the run is held just before its refresh by a test
/// hook (`RSS_REPORT_TEST_HOLD_BEFORE_REFRESH`); with HTTP, a slow loopback server will catch one mid-fetch.
@Suite(.timeLimit(.minutes(5)))
struct SignalTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalBeforeTheRefreshStopsCleanly(signal: Int32) async throws {
        let report = try ReportProcess()
        _ = try await report.run(["--url", ReportProcess.samples[2].path, "--quiet"])
        let running = try report.start(
            ["--refresh", "--mark-read"], environment: ["RSS_REPORT_TEST_HOLD_BEFORE_REFRESH": "600"])
        // The hold outlasts any delay a loaded machine puts between the run's word and the signal (a 20 s hold
        // once ran out first at load 12); the signal ends it.
        _ = try await poll("the run holding before its refresh", timeout: .seconds(120), seen: { running.stderrSoFar }) {
            running.stderrSoFar.contains("test hold:") ? true : nil
        }
        kill(running.process.processIdentifier, signal)
        let result = await running.finish()
        #expect(result.status == 128 + signal, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("stopped by signal \(signal)"))
        let after = try await report.run(["--unread", "--format", "json"])
        #expect(after.status == 0, "\(after.stderr)")
        #expect(try JSON.articles(try JSON.object(after.stdout)).count == 10)
    }
}
