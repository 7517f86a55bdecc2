import Foundation
import Testing

/// Runs the built `rss-report` the way cron or a shell would: fixed time zone, no terminal, no colour, a private
/// home, and the output captured. Its directory goes with it, however the test ended.
final class ReportProcess: Sendable {
    /// The outcome of one run.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The executable, next to the test bundle in the build products directory.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["RSS_REPORT_BIN"] { return URL(fileURLWithPath: path) }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("rss-report")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let arguments0 = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return arguments0.appendingPathComponent("rss-report")
    }()

    /// The built `rss-repl`, which the same build puts beside `rss-report`.
    static let replExecutable = executable.deletingLastPathComponent().appendingPathComponent("rss-repl")

    /// The repository's bundled sample feeds, in a fixed order.
    static let samples: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return ["DaringFireball.json", "bio.rdf", "qemu.atom", "russcox.atom", "scriptingNews.rss", "theomnishow.rss"]
            .map { root.appendingPathComponent("Resources/Samples/\($0)") }
    }()

    /// A time the tests take as now.
    static let now = "2026-01-01T12:00:00Z"

    let directory: URL

    /// A throwaway directory for one test's database and feeds.
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)  // the test's own scratch space: nothing to report
    }

    var database: String { directory.appendingPathComponent("db.sqlite").path }

    /// Runs with `arguments` (the test database and fixed time come first unless `plain`).
    func run(
        _ arguments: [String], plain: Bool = false, environment extra: [String: String] = [:]
    ) async throws -> Result {
        try await start(arguments, plain: plain, environment: extra).finish()
    }

    /// A started run, for tests that signal it.
    struct Running {
        let process: Process
        let out: URL
        let err: URL

        /// What the run wrote on standard output so far.
        var stdoutSoFar: String { (try? String(contentsOf: out, encoding: .utf8)) ?? "" }
        /// What the run wrote on standard error so far.
        var stderrSoFar: String { (try? String(contentsOf: err, encoding: .utf8)) ?? "" }

        /// Waits for the end without holding a thread: tests run in parallel on the few threads of the
        /// cooperative pool, and one blocked for a long run starved the others (their own timeouts fired).
        func finish() async -> Result {
            while process.isRunning {
                try? await Task.sleep(for: .milliseconds(10))
            }
            process.waitUntilExit()
            return Result(status: process.terminationStatus, stdout: stdoutSoFar, stderr: stderrSoFar)
        }

        /// ``finish()`` with a deadline: throws ``TimedOut`` if the process is still running after `timeout`.
        func finish(within timeout: Duration) async throws -> Result {
            try await poll("\(process.executableURL?.lastPathComponent ?? "the process") to exit", timeout: timeout) {
                process.isRunning ? nil : ()
            }
            return await finish()
        }

        /// Kills the process (SIGKILL) if it is still running: the clean-up of a test that failed half-way.
        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    func start(_ arguments: [String], plain: Bool = false, environment extra: [String: String] = [:]) throws -> Running
    {
        try launch(
            Self.executable, (plain ? [] : ["--db", database, "--now", Self.now]) + arguments, environment: extra)
    }

    /// What a launched program reads on its standard input.
    enum Input {
        /// A pipe the test writes to.
        case pipe(Pipe)
        /// A file's contents.
        case file(URL)
    }

    /// Starts `executable` (this run's program, or another front or tool on the test's database) in this test's
    /// directory with the environment the runs share (`extra` added), its output captured to files, and
    /// `input` or nothing as its standard input.
    func launch(
        _ executable: URL, _ arguments: [String], environment extra: [String: String] = [:], input: Input? = nil
    ) throws -> Running {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw MissingExecutable(path: executable.path)
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = [
            "TZ": "UTC", "NO_COLOR": "1", "HOME": directory.path,
            "XDG_DATA_HOME": directory.appendingPathComponent("data").path, "PATH": "/usr/bin:/bin",
        ]
        environment.merge(extra) { $1 }
        process.environment = environment
        let id = UUID().uuidString
        let out = directory.appendingPathComponent("\(id).out")
        let err = directory.appendingPathComponent("\(id).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        switch input {
        case .pipe(let pipe): process.standardInput = pipe
        case .file(let file): process.standardInput = try FileHandle(forReadingFrom: file)
        case nil: process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return Running(process: process, out: out, err: err)
    }

    /// `--url` with every sample.
    static var sampleArguments: [String] { ["--url"] + samples.map(\.path) }

    /// A feed file titled `title` with two articles (December 2025), in the test directory.
    func twoArticleFeed(_ title: String) throws -> URL {
        try feed(
            "\(title).rss",
            Self.rss(
                title: title,
                items: [
                    ("\(title) one", "https://example.org/\(title)/1", "Mon, 01 Dec 2025 10:00:00 GMT"),
                    ("\(title) two", "https://example.org/\(title)/2", "Mon, 01 Dec 2025 11:00:00 GMT"),
                ]))
    }

    /// Writes a feed file into the test directory.
    func feed(_ name: String, _ text: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// An RSS 2.0 document with these item titles.
    static func rss(title: String, items: [(title: String, link: String, date: String)]) -> String {
        let body = items.map {
            "<item><title>\($0.title)</title><link>\($0.link)</link><guid>\($0.link)</guid><pubDate>\($0.date)</pubDate></item>"
        }.joined()
        return "<?xml version=\"1.0\" encoding=\"utf-8\"?><rss version=\"2.0\"><channel><title>\(title)</title>"
            + "<link>https://example.org/</link>\(body)</channel></rss>"
    }

    /// The expected output file `name`.
    static func expected(_ name: String) throws -> String {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Expected"))
        return try String(contentsOf: url, encoding: .utf8)
    }
}

/// The tests run the built programs: `swift build --build-tests` (or `scripts/test`) builds them.
struct MissingExecutable: Error, CustomStringConvertible {
    let path: String
    var description: String { "no \(path): build everything first (swift build --build-tests)" }
}
