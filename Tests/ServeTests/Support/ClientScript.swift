import Foundation

/// A client script of `Tests/ServeTests/Clients` (a PyPI client, a replay of an app, a driver), run by `python3`
/// with the real home (a pyenv-managed python finds itself through it) and no bytecode written into the source
/// tree.
enum ClientScript {
    /// `Clients/`, from the source tree.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Clients")

    /// Runs `script` (a path under `Clients/`) with `arguments` in `directory`, with `environment` added.
    static func run(
        _ script: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]
    ) async throws -> ServeProcess.Outcome {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return try await ServeProcess.run(
            ["python3", Self.directory.appendingPathComponent(script).path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"), directory: directory,
            environment: ["PYTHONDONTWRITEBYTECODE": "1", "HOME": home].merging(environment) { $1 })
    }
}
