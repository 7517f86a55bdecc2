import Foundation
import Testing

/// Both fronts say the same failure with the same words: they take them from one place (FrontKit), so only
/// the frame around them differs (`error: …` in the REPL, `rss-report: error: …` or a `FAIL` status line).
@Suite("The REPL and the report word a failure the same", .timeLimit(.minutes(5)))
struct SameWordsTests {
    @Test func aFileThatIsNotAFeed() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("notes.xml")
        try Data("just some words\n".utf8).write(to: file)
        let repl = try await ScriptedRun.run("add notes.xml\n", in: directory)
        let report = try await ScriptedRun.run(
            "", in: directory, arguments: ["--db", directory.appendingPathComponent("report.sqlite").path, "--url", file.path],
            executable: ReplPaths.reportBinary)
        let reason = "PARSE: not a feed (no XML root element)"
        #expect(repl.stderr == "error: notes: \(reason)\n")
        #expect(report.stderr == "FAIL notes (\(reason))\n")
    }

    @Test func aMissingSubscriptionList() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let missing = directory.appendingPathComponent("none.opml").path
        let repl = try await ScriptedRun.run("import \(missing)\n", in: directory)
        let report = try await ScriptedRun.run(
            "", in: directory, arguments: ["--db", directory.appendingPathComponent("r.sqlite").path, "--opml", missing],
            executable: ReplPaths.reportBinary)
        let words = "cannot import \(missing): no such file"
        #expect(repl.stderr == "error: \(words)\n")
        #expect(report.stderr == "rss-report: error: \(words)\n")
        #expect(report.status == 66)
    }

    @Test func aDatabaseThatIsNotOne() async throws {
        let directory = try ReplPaths.temporaryDirectory()
        let garbage = directory.appendingPathComponent("garbage.sqlite")
        try Data(String(repeating: "not a database ", count: 400).utf8).write(to: garbage)
        let repl = try await ScriptedRun.run("", in: directory, arguments: ["--db", garbage.path])
        let report = try await ScriptedRun.run("", in: directory, arguments: ["--db", garbage.path], executable: ReplPaths.reportBinary)
        let words = "cannot open the database \(garbage.path): the file is not a database"
        #expect(repl.stderr == "error: \(words)\n")
        #expect(report.stderr == "rss-report: error: \(words)\n")
    }
}
