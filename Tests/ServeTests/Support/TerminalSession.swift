import Foundation
import Testing

/// A program in a detached 120×40 tmux session, for keys a person would press and the screen they would see.
struct TerminalSession {
    let name: String
    let directory: URL

    /// Sends tmux key names (`Enter`, `Down`, `N`).
    func press(_ keys: String...) async throws {
        for key in keys {
            _ = try await ServeProcess.run(["send-keys", "-t", name, key], executable: Self.tmux, directory: directory)
            try await Task.sleep(for: .milliseconds(300))
        }
    }

    /// The screen now.
    func screen() async throws -> String {
        try await ServeProcess.run(["capture-pane", "-p", "-t", name], executable: Self.tmux, directory: directory).stdout
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

    func end() async throws {
        _ = try await ServeProcess.run(["kill-session", "-t", name], executable: Self.tmux, directory: directory)
    }

    static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")

    /// Starts `command` (with `environment` added to the terminal's) in a new session.
    static func start(_ command: [String], environment: [String: String], in directory: URL) async throws -> TerminalSession {
        let name = "serve-tests-\(UUID().uuidString.prefix(8))"
        let settings = (["TERM": "screen"].merging(environment) { $1 }).sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }
        let line = (["env"] + settings + command.map { "'\($0)'" }).joined(separator: " ")
        let outcome = try await ServeProcess.run(
            ["new-session", "-d", "-s", name, "-x", "120", "-y", "40", line], executable: tmux, directory: directory)
        #expect(outcome.status == 0, "tmux: \(outcome.stderr)")
        return TerminalSession(name: name, directory: directory)
    }
}
