import Foundation

/// `rss-repl` kept running on a report test's database, scripted through a pipe that the test holds open: reports
/// run while it is open, and the test asks it things before, between and after them.
///
/// On a pipe the REPL shows no prompt, so an answer ends at text the test expects: by default the last line of
/// the settings, which `set` prints (with no arguments, or after a change).
final class PipedRepl {
    /// The start of the last line `set` prints.
    static let settingsEnd = "dedup                 "

    let running: ReportProcess.Running
    private let input: Pipe
    /// How many bytes of standard output the answers so far took.
    private var consumed = 0

    /// Starts `rss-repl` on `report`'s database, in its private environment, 100 columns wide.
    init(on report: ReportProcess) throws {
        let input = Pipe()
        running = try report.launch(
            ReportProcess.replExecutable, ["--db", report.database, "--no-preinstalled"], environment: ["COLUMNS": "100"], input: .pipe(input))
        self.input = input
    }

    /// A test that failed half-way leaves no REPL behind.
    deinit { running.stop() }

    /// Sends `commands`, a line each, and returns what the REPL printed for them: its standard output after the
    /// previous answer, up to the end of the first line that contains `marker`.
    func ask(_ commands: [String], until marker: String = settingsEnd) async throws -> String {
        // Writing to a REPL that is gone would raise SIGPIPE in the test runner: that case waits and fails below.
        if running.process.isRunning {
            try input.fileHandleForWriting.write(contentsOf: Data(commands.map { $0 + "\n" }.joined().utf8))
        }
        let answer = try await poll("rss-repl to answer \(commands)", seen: transcript) { () throws -> String? in
            let output = (try? Data(contentsOf: running.out)) ?? Data()
            let fresh = String(decoding: output.dropFirst(consumed), as: UTF8.self)
            if let match = fresh.range(of: marker), let end = fresh[match.upperBound...].firstIndex(of: "\n") {
                return String(fresh[...end])
            }
            guard running.process.isRunning else { throw TimedOut(waitingFor: "an answer", seen: transcript()) }
            return nil
        }
        consumed += answer.utf8.count
        return answer
    }

    /// Ends the session as the end of a script does (the test closes the pipe) and returns how the REPL ended.
    func quit() async throws -> ReportProcess.Result {
        try input.fileHandleForWriting.close()
        return try await running.finish(within: .seconds(10))
    }

    private func transcript() -> String {
        "rss-repl has \(running.process.isRunning ? "" : "not ")kept running\nstdout:\n\(running.stdoutSoFar)\n"
            + "stderr:\n\(running.stderrSoFar)"
    }
}
