import Foundation
import Testing

/// The `sources` table says when each source was fetched, when it is due next and why, and how many fetches
/// in a row failed (its last error in the status); `set-source` gives a source its own interval.
@Suite("rss-repl: schedules in the sources table", .timeLimit(.minutes(5)))
struct ScheduleColumnsTests {
    @Test func sourcesShowsTheScheduleAndSetSourceChangesIt() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let missing = directory.appendingPathComponent("missing.rss")
        let script = """
            add \(ReplPaths.sample("qemu.atom"))
            add \(missing.absoluteString)
            set-source QEMU interval 2h
            sources
            set-source 1 interval default
            set-source QEMU interval 10s
            set-source nothing-like-this interval 1h

            """
        // Wide enough for a whole row: from late evening the next due time is a date (`11-25 00:35`), which would
        // cut the status at 100 columns.
        let run = try await ScriptedRun.run(script, in: directory, environment: ["COLUMNS": "160"])
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("“QEMU”: its own interval is 2h; fetched every 2h (source)"), "\(run.stdout)")
        #expect(lines.contains("“QEMU”: it follows refresh-interval; fetched every 1h (user)"), "\(run.stdout)")
        let heading = try #require(lines.first { $0.hasPrefix(" #  on") })
        for column in ["unread", "title", "fetched", "next due", "fails", "status · url"] {
            #expect(heading.contains(column), "\(heading)")
        }
        let qemu = try #require(lines.first { $0.hasPrefix(" 1  on") })
        #expect(qemu.contains("(source)") && qemu.contains("  0  OK · file://"), "\(qemu)")
        let failing = try #require(lines.first { $0.hasPrefix(" 2  on") })
        #expect(failing.contains("(backoff)") && failing.contains("  1  FAIL (FETCH: no such"), "\(failing)")
        // Two times in each row: the last fetch and the next one (HH:mm today, else MM-dd HH:mm).
        let dates = try Regex(#"\d\d:\d\d"#)
        #expect(qemu.matches(of: dates).count == 2 && failing.matches(of: dates).count == 2)
        let errors = run.stderr.split(separator: "\n").map(String.init)
        #expect(errors.count == 3 && errors[0].hasSuffix(": FETCH: no such file"), "\(run.stderr)")
        #expect(
            Array(errors.dropFirst()) == [
                "error: an interval must be between 60 s and 30 days (720h)",
                "error: no source matches “nothing-like-this” (sources lists them)",
            ], "\(run.stderr)")
    }
}
