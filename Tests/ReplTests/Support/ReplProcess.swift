import Foundation

/// Paths of the package, the built `rss-repl` and the bundled sample feeds, for end-to-end tests.
enum ReplPaths {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The built executable (`swift build --build-tests` builds it next to the tests).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["RSS_REPL_BINARY"] { return URL(fileURLWithPath: path) }
        return built("rss-repl")
    }

    /// The built `rss-report`, for tests that compare the two fronts.
    static var reportBinary: URL { built("rss-report") }

    private static func built(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for directory in [testBinary, testBinary.deletingLastPathComponent(), packageRoot.appendingPathComponent(".build/debug")] {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return packageRoot.appendingPathComponent(".build/debug/\(name)")
    }

    static func sample(_ name: String) -> String {
        packageRoot.appendingPathComponent("Resources/Samples/\(name)").path
    }

    /// A fresh directory for one test's database, history and files, removed when the test process ends, also
    /// after a failed test (``ScratchDirectories``).
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("repl-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        ScratchDirectories.removeAtExit(url)
        return url
    }

    /// The environment every run gets: UTC, a fixed width, no colour, history under `directory`.
    static func environment(_ directory: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["COLUMNS"] = "100"
        environment["NO_COLOR"] = "1"
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment["HOME"] = directory.path
        return environment
    }
}

/// One scripted run: the script on standard input through a pipe, outputs and status collected.
struct ScriptedRun {
    let stdout: String
    let stderr: String
    let status: Int32

    static func run(
        _ script: String, in directory: URL, arguments: [String]? = nil, executable: URL = ReplPaths.binary,
        environment extra: [String: String] = [:]
    ) async throws -> ScriptedRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments ?? ["--db", directory.appendingPathComponent("db.sqlite").path, "--no-preinstalled"]
        process.environment = ReplPaths.environment(directory).merging(extra) { $1 }
        process.currentDirectoryURL = directory
        // Outputs go to files, read once the process has exited: a pipe read to its end while the other fills
        // can deadlock, and reading a long output (a build's) through FileHandle has crashed under load.
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID().uuidString).out")
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("scripted-\(UUID().uuidString).err")
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        defer {
            try? FileManager.default.removeItem(at: outputFile)  // a temporary file: nothing to report
            try? FileManager.default.removeItem(at: errorFile)
        }
        let output = try FileHandle(forWritingTo: outputFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        try? output.close()  // the child holds its own descriptors; ours only keep the files open
        try? errors.close()
        // The throwing write: a program that ends without reading its script (or could not start) breaks the
        // pipe, which its status reports; FileHandle's other write traps on it, ending the whole test process.
        try? input.fileHandleForWriting.write(contentsOf: Data(script.utf8))
        try input.fileHandleForWriting.close()
        // Waits without holding a thread: tests run in parallel on the cooperative pool, two threads on a
        // 2-core machine, and two runs blocked in waitUntilExit stopped every async test meanwhile.
        while process.isRunning {
            try await Task.sleep(for: .milliseconds(5))
        }
        process.waitUntilExit()
        let out = try Data(contentsOf: outputFile)
        let err = try Data(contentsOf: errorFile)
        return ScriptedRun(
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
            status: process.terminationStatus)
    }
}
