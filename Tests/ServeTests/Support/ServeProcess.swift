import Foundation
import RssCore
import Testing
import ReduxVM
import NIOHTTP1

/// A running `rss-serve` on a free loopback port, in a private directory (its own home, config and data
/// directories), with one user, `alice`, whose password is ``password``.
final class ServeProcess: @unchecked Sendable {  // fields set once in init; `process` is Foundation's, thread-safe to poll
    static let user = "alice"
    static let password = "correct horse battery"

    let directory: URL
    let process: Process
    let errorFile: URL
    /// `http://127.0.0.1:PORT`.
    let baseURL: String

    var database: String { directory.appendingPathComponent("db.sqlite").path }
    var accounts: String { directory.appendingPathComponent("config/serve-accounts.json").path }
    var logFile: String { directory.appendingPathComponent("serve.log").path }

    /// The built executables, beside the test bundle.
    static let executable: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("rss-serve")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rss-serve")
    }()
    static let reportExecutable = executable.deletingLastPathComponent().appendingPathComponent("rss-report")

    /// Fills a database with `prepare`, adds the user, starts the server and waits until it listens.
    init(arguments: [String] = [], prepare: (String) async throws -> Void = { _ in }) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try await prepare(directory.appendingPathComponent("db.sqlite").path)
        let setUser = try await Self.run(
            ["user", "set", Self.user, "--accounts", directory.appendingPathComponent("config/serve-accounts.json").path],
            input: Self.password + "\n", directory: directory)
        #expect(setUser.status == 0, "user set: \(setUser.stderr)")
        errorFile = directory.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process = Process()
        process.executableURL = Self.executable
        process.arguments = [
            "--db", directory.appendingPathComponent("db.sqlite").path, "--listen", "127.0.0.1:0", "--no-refresh",
            "--accounts", directory.appendingPathComponent("config/serve-accounts.json").path,
            "--log", "debug", "--log-file", directory.appendingPathComponent("serve.log").path,
        ] + arguments
        process.environment = Self.environment(directory)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        var found: String?
        for _ in 0..<3_000 where found == nil && process.isRunning {
            let text = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""  // not yet written: keep waiting
            if let range = text.range(of: "rss-serve: listening on ") {
                found = text[range.upperBound...].split(separator: "\n").first.map(String.init)
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        guard let found else {
            throw ServeProblem("rss-serve did not start: \((try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")")
        }
        baseURL = found
    }

    /// Stops the server with SIGTERM and returns its exit status.
    @discardableResult
    func stop() async -> Int32 {
        if process.isRunning { process.terminate() }
        // A server that does not stop within 15 s is killed, so that the test fails on its status, not its time.
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }  // not cancelled: nothing to stop
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }  // not cancelled: nothing to stop
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: directory)  // cleanup only
    }

    /// What the server wrote on standard error.
    var standardError: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }  // empty before anything was written

    /// The outcome of a command.
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` (rss-serve by default) with `arguments` in `directory`'s environment.
    static func run(
        _ arguments: [String], input: String? = nil, executable: URL = executable, directory: URL,
        environment extra: [String: String] = [:]
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(directory).merging(extra) { $1 }
        let out = directory.appendingPathComponent("out-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        let pipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : pipe
        try process.run()
        if let input {
            // The throwing write: a program that ends without reading its input breaks the pipe, which its
            // status reports; FileHandle's other write traps on it, ending the whole test process.
            try? pipe.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try pipe.fileHandleForWriting.close()
        }
        while process.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        return Outcome(
            status: process.terminationStatus, stdout: try String(contentsOf: out, encoding: .utf8),
            stderr: try String(contentsOf: err, encoding: .utf8))
    }

    /// A private environment: home, config and data inside `directory`, no terminal, no colour.
    static func environment(_ directory: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = directory.path
        environment["XDG_CONFIG_HOME"] = directory.appendingPathComponent("config").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["NO_COLOR"] = "1"
        environment["TERM"] = "dumb"
        return environment
    }
}

/// A failure of the test's own setup.
struct ServeProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
