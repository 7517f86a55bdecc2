import Foundation
import Testing

/// An interactive REPL, waiting at its prompt, shows what another process committed within a second: the
/// prompt's unread count follows a report that adds a feed, with no key pressed.
@Suite("rss-repl beside another process", .serialized)
struct OpenSessionFreshnessTests {
    @Test("the prompt shows a report's new articles within a second", .timeLimit(.minutes(5)))
    func promptFollowsAnotherProcess() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let repl = try PtyProcess.repl(in: directory)
        try await repl.waitFor("0 unread] rss> ")
        let report = try await ScriptedRun.run(
            "", in: directory,
            arguments: ["--db", directory.appendingPathComponent("db.sqlite").path, "--url", ReplPaths.sample("qemu.atom")],
            executable: ReplPaths.reportBinary)
        try #require(report.status == 0, "\(report.stderr)")
        // The report has committed and ended: the open REPL checks twice a second.
        try await repl.waitFor("10 unread] rss> ", timeout: .seconds(1))
        repl.type("sources\r")
        try await repl.waitFor("QEMU")
        repl.type("quit\r")
        #expect(try await repl.waitForExit() == 0)
    }
}
