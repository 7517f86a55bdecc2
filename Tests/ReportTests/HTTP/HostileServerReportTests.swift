import Foundation
import Testing

/// `rss-report` against one loopback server of broken and hostile responses, each on its own path, among a
/// few good feeds (see ``HostileCases``): the process survives with the some-failed status, the good feeds
/// come through with their items, every other source gets one status line with a sensible stage, no control
/// code reaches any output format, no local file is read, and the database serves the runs after it.
///
/// The runs shorten the total fetch timeout (`RSS_TEST_FETCH_TIMEOUT`), so that the slow loris costs seconds
/// instead of half a minute. Several runs of the report, each with a 10 s slow loris among the sources: about 45 s
/// when the machine is busy with the rest of the suite, past a minute when it also builds; the limit is there to
/// catch a hang.
@Suite(.timeLimit(.minutes(5)))
struct HostileServerReportTests {
    static let environment = ["RSS_TEST_FETCH_TIMEOUT": "10"]
    static let limit = 5

    @Test func hostileSourcesFailAloneAndTheDatabaseStaysSound() async throws {
        let server = try HostileFeedServer(script: HostileCases.script(port:))
        let cases = HostileCases.all(port: server.port)
        let report = try ReportProcess()

        // Every source added and fetched in one run.
        let first = try await report.run(
            ["--url"] + cases.map { server.url($0.path) } + ["--limit", "\(Self.limit)", "--format", "json"],
            environment: Self.environment)
        #expect(first.status == 1, "some failed: \(first.stderr)")
        try expectClean(first)
        let document = try JSON.object(first.stdout)
        let sources = try #require(document["sources"] as? [[String: Any]])
        let articles = try JSON.articles(document)
        #expect(sources.count == cases.count)
        #expect(first.stderrLines.count == cases.count, "one status line per source: \(first.stderr)")
        var names: [String: String] = [:]
        for hostile in cases {
            let source = try #require(
                sources.first { $0["url"] as? String == server.url(hostile.path) }
                    ?? sources.first { hostile.title != nil && $0["title"] as? String == hostile.title },
                "\(hostile.path) is not in the report")
            let name = statusName(source)
            names[hostile.path] = name
            let lines = first.stderrLines.filter { Self.isStatusLine($0, of: name) }
            #expect(lines.count == 1, "\(hostile.path): \(lines)")
            check(
                hostile, source: source,
                articles: articles.filter { $0["sourceId"] as? String == source["id"] as? String })
        }
        checkHostileContent(articles: articles, first)

        // A second run refreshes the same database: all but the two slow sources, named as the status lines
        // name them, as TSV.
        let again = cases.filter { !["slow-headers", "many-items"].contains($0.path) }
        let second = try await report.run(
            ["--refresh", "--force", "--source"] + again.map { names[$0.path] ?? $0.path }
                + ["--limit", "\(Self.limit)", "--format", "tsv"],
            environment: Self.environment)
        #expect(second.status == 1, "\(second.stderr)")
        try expectClean(second)
        #expect(second.stderrLines.count == again.count, "\(second.stderr)")
        for path in HostileCases.good.map(\.path) {
            #expect(
                second.stderrLines.contains { Self.isStatusLine($0, of: names[path] ?? path) && $0.hasPrefix("OK ") })
        }
        let rows = second.stdoutLines.filter { !$0.isEmpty }
        #expect(
            !rows.isEmpty && rows.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 10 }
        )

        // And a plain report of everything reads it back.
        let third = try await report.run(["--limit", "\(Self.limit)"], environment: Self.environment)
        #expect(third.status == 0, "\(third.stderr)")
        try expectClean(third)
        for title in ["Item 3", "Atom two", "JSON one", "Squeezed", "After Hints", "Good Chunked", "Many Items"] {
            #expect(third.stdout.contains(title), "\(title) missing from the plain report")
        }
        try expectIntegrity(of: report.database)
    }

    /// What a source's status line calls it: its title, or its address while the title is only the host.
    func statusName(_ source: [String: Any]) -> String {
        let title = source["title"] as? String ?? ""
        return title == "127.0.0.1" ? source["url"] as? String ?? "" : title
    }

    static func isStatusLine(_ line: String, of name: String) -> Bool {
        ["OK   ", "304  ", "SKIP ", "FAIL "].contains { word in
            line == word + name || line.hasPrefix(word + name + " (")
        }
    }

    /// The report's view of one source against what the case expects.
    func check(_ hostile: HostileCase, source: [String: Any], articles: [[String: Any]]) {
        let status = source["status"] as? String
        let error = source["error"] as? String ?? ""
        let mayFail = if case .okOrFail = hostile.expected { true } else { false }
        if let stages = hostile.failureStages, status == "failed" || !mayFail {
            #expect(status == "failed", "\(hostile.path) should fail")
            #expect(stages.contains { error.hasPrefix($0 + ": ") }, "\(hostile.path): \(error)")
            #expect(!error.contains("Optional(") && error.count < 400, "\(hostile.path): \(error)")
        } else {
            #expect(status == "ok", "\(hostile.path): \(status ?? "nil") \(error)")
        }
        guard case .ok(let title, let items) = hostile.expected else { return }
        if let title { #expect(source["title"] as? String == title, "\(hostile.path)") }
        if let items {
            #expect(source["new"] as? Int == items, "\(hostile.path)")
            #expect(articles.count == min(items, Self.limit), "\(hostile.path)")
        }
        #expect(articles.allSatisfy { !($0["title"] as? String ?? "").isEmpty }, "\(hostile.path)")
    }

    /// What the hostile documents must not achieve: local files read, script links or credentials shown,
    /// text after a NUL lost.
    func checkHostileContent(articles: [[String: Any]], _ result: ReportProcess.Result) {
        let output = result.stdout + result.stderr
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? ""
        for line in passwd.split(separator: "\n") where line.count >= 8 {
            #expect(!output.contains(line), "a line of /etc/passwd is in the report")
        }
        let lowered = output.lowercased()
        for scheme in ["javascript:", "vbscript:", "data:text"] {
            #expect(!lowered.contains(scheme), "\(scheme) link in the report")
        }
        let titles = articles.compactMap { $0["title"] as? String }
        #expect(titles.contains { $0.contains("desrever beforeafter") && $0.hasSuffix("tail") }, "\(titles)")
        #expect(articles.contains { $0["author"] as? String == "Mallory Blink" })
    }

    /// No control character, escape sequence or bidi control in any output (JSON is checked as decoded
    /// strings too, where an escaped `\u001b` would show), and no password from a redirect.
    func expectClean(_ result: ReportProcess.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        var texts = [result.stdout, result.stderr]
        if result.stdout.hasPrefix("{") {
            texts += Self.strings(in: try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)))
        }
        for text in texts {
            let controls = text.unicodeScalars.filter(Self.isForbidden)
            #expect(controls.isEmpty, "\(controls.map(\.value))", sourceLocation: sourceLocation)
        }
        for text in texts.dropFirst(2) {
            #expect(!text.contains("\n") && !text.contains("\t"), "\(text.prefix(80))", sourceLocation: sourceLocation)
        }
        #expect(
            !texts.contains { $0.contains(HostileCases.secret) }, "a password shown", sourceLocation: sourceLocation)
    }

    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap(strings(in:))
        case let object as [String: Any]: object.flatMap { [$0.key] + strings(in: $0.value) }
        default: []
        }
    }

    /// `PRAGMA integrity_check` says ok, when the sqlite3 shell is installed.
    func expectIntegrity(of database: String) throws {
        let shell = "/usr/bin/sqlite3"
        guard FileManager.default.isExecutableFile(atPath: shell) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = [database, "PRAGMA integrity_check;"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
    }
}
