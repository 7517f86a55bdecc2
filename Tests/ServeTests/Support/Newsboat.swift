import Foundation
import Testing
import RssCore
import ReduxVM
import NIOHTTP1

/// Debian's newsboat, configured to sync with a running rss-serve in its FeedHQ (Google Reader) or
/// Miniflux mode, run non-interactively (`-x reload`) or in tmux for marks a person would make.
struct Newsboat {
    enum Mode: String, CaseIterable, Sendable {
        case feedhq
        case miniflux
    }

    let server: ServeProcess
    let mode: Mode
    let directory: URL

    init(server: ServeProcess, mode: Mode) throws {
        self.server = server
        self.mode = mode
        directory = server.directory.appendingPathComponent("newsboat-\(mode.rawValue)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let settings: String
        switch mode {
        case .feedhq:
            settings = """
                urls-source "feedhq"
                feedhq-url "\(server.baseURL)"
                feedhq-login "\(ServeProcess.user)"
                feedhq-password "\(ServeProcess.password)"
                feedhq-min-items 50
                feedhq-show-special-feeds no
                """
        case .miniflux:
            settings = """
                urls-source "miniflux"
                miniflux-url "\(server.baseURL)"
                miniflux-login "\(ServeProcess.user)"
                miniflux-password "\(ServeProcess.password)"
                """
        }
        try (settings + "\nshow-read-feeds yes\n")
            .write(to: directory.appendingPathComponent("config"), atomically: true, encoding: .utf8)
        try "".write(to: directory.appendingPathComponent("urls"), atomically: true, encoding: .utf8)
    }

    var arguments: [String] {
        ["-C", directory.appendingPathComponent("config").path, "-u", directory.appendingPathComponent("urls").path,
         "-c", directory.appendingPathComponent("cache.db").path]
    }

    /// `newsboat -x reload`.
    func reload() async throws -> ServeProcess.Outcome {
        try await ServeProcess.run(
            arguments + ["-x", "reload"], executable: URL(fileURLWithPath: "/usr/bin/newsboat"), directory: directory)
    }

    /// One row of newsboat's cache.
    struct Item: Equatable {
        /// The address newsboat read the item from: an Atom stream URL in FeedHQ mode, a feed number in
        /// Miniflux mode.
        let feed: String
        let title: String
        let unread: Bool
        let content: String
    }

    /// The items newsboat stored, read from its cache database with sqlite3.
    func items() async throws -> [Item] {
        let outcome = try await ServeProcess.run(
            ["-json", directory.appendingPathComponent("cache.db").path,
             "SELECT feedurl AS feed, title, unread, content FROM rss_item ORDER BY title"],
            executable: URL(fileURLWithPath: "/usr/bin/sqlite3"), directory: directory)
        #expect(outcome.status == 0, "sqlite3: \(outcome.stderr)")
        let text = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return [] }
        let rows = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
        return rows.map {
            Item(feed: $0["feed"] as? String ?? "", title: $0["title"] as? String ?? "",
                 unread: ($0["unread"] as? Int ?? 0) != 0, content: $0["content"] as? String ?? "")
        }
    }

    /// Newsboat in a tmux session, for keys a person would press.
    struct Session {
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

        func end() async throws {
            _ = try await ServeProcess.run(["kill-session", "-t", name], executable: Self.tmux, directory: directory)
        }

        static let tmux = URL(fileURLWithPath: "/usr/bin/tmux")
    }

    /// Starts newsboat in a detached 120×40 tmux session.
    func interactive() async throws -> Session {
        let name = "serve-tests-\(UUID().uuidString.prefix(8))"
        let command = (["/usr/bin/newsboat"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let outcome = try await ServeProcess.run(
            ["new-session", "-d", "-s", name, "-x", "120", "-y", "40", "env TERM=screen HOME='\(directory.path)' \(command)"],
            executable: Session.tmux, directory: directory)
        #expect(outcome.status == 0, "tmux: \(outcome.stderr)")
        return Session(name: name, directory: directory)
    }
}
