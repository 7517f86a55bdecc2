import Foundation
import Testing

/// A program in a detached 120×40 tmux session, for keys a person would press and the screen they would see.
///
/// Each session has its own tmux server, run in the foreground (`-D`) as a child of the test process on a socket
/// in the test's directory. Not tmux's shared default server: a client that starts that server forks it as a
/// daemon, and the daemon keeps the descriptor Foundation's `Process` watches to learn that the client exited.
/// The client then stays an unreaped zombie for as long as the server lives, `isRunning` stays true (the test
/// waited for it until its time limit), and Swift Testing's exit-test monitor, which looks at any exited child
/// without reaping it, spins on that zombie forever (CI did not finish).
final class TerminalSession: Sendable {
    let name: String
    let directory: URL
    let socket: String
    let server: Process

    private init(name: String, directory: URL, socket: String, server: Process) {
        self.name = name
        self.directory = directory
        self.socket = socket
        self.server = server
    }

    deinit {
        // A test that failed half-way: no server outlives it.
        if server.isRunning { server.terminate() }
    }

    /// Sends tmux key names (`Enter`, `Down`, `N`).
    func press(_ keys: String...) async throws {
        for key in keys {
            _ = try await tmux(["send-keys", "-t", name, key])
            try await Task.sleep(for: .milliseconds(300))
        }
    }

    /// The screen now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", name]).stdout
    }

    /// Waits up to 20 s for `text` on the screen.
    func waitFor(_ text: String) async throws -> Bool {
        for _ in 0..<200 {
            if try await screen().contains(text) { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    /// Waits up to 20 s for `text` on the screen; records an issue showing the screen when it does not come.
    func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        if try await waitFor(text) { return }
        Issue.record("no \"\(text)\" on the screen: \(try await screen())", sourceLocation: sourceLocation)
    }

    /// Ends the session and its server (the program in it gets SIGHUP), waiting up to 15 s for the server to exit.
    func end() async throws {
        _ = try await tmux(["kill-server"])
        for _ in 0..<1_500 where server.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        if server.isRunning { server.terminate() }
    }

    /// Runs a tmux command against this session's server.
    private func tmux(_ arguments: [String]) async throws -> ServeProcess.Outcome {
        try await ServeProcess.run(["-S", socket] + arguments, executable: Self.tmux, directory: directory)
    }

    static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")

    /// Starts `command` (with `environment` added to the terminal's) in a new session on a new server.
    static func start(_ command: [String], environment: [String: String], in directory: URL) async throws -> TerminalSession {
        let name = "serve-tests-\(UUID().uuidString.prefix(8))"
        var socket = directory.appendingPathComponent("tmux-\(name.suffix(8))").path
        // A socket's path has at most 107 bytes: a deep test directory's goes at the top of the temporary one.
        if socket.utf8.count > 100 {
            socket = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString.prefix(12))").path
        }
        let server = Process()
        // Through `env --default-signal`, which also unblocks every signal: a child inherits the signal mask of the
        // thread that spawned it, and the test's threads block SIGCHLD, SIGHUP and SIGTERM. A server with them
        // blocked never learns that its program ended and never exits.
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        server.arguments = ["--default-signal", tmux.path, "-S", socket, "-f", "/dev/null", "-D"]
        server.environment = ServeProcess.environment(directory)
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let session = TerminalSession(name: name, directory: directory, socket: socket, server: server)
        // The server listens once its socket exists.
        for _ in 0..<1_000 where !FileManager.default.fileExists(atPath: socket) && server.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard FileManager.default.fileExists(atPath: socket) else { throw ServeProblem("tmux -D did not listen on \(socket)") }
        let settings = (["TERM": "screen"].merging(environment) { $1 }).sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
        let line = (["env"] + settings + command.map { "'\($0)'" }).joined(separator: " ")
        let outcome = try await session.tmux(["new-session", "-d", "-s", name, "-x", "120", "-y", "40", line])
        #expect(outcome.status == 0, "tmux: \(outcome.stderr)")
        return session
    }
}
