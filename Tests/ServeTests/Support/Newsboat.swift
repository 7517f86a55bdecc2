import Foundation
import Testing
import RssCore
import ReduxVM
import NIOHTTP1

/// Debian's newsboat, configured to sync with a running rss-serve in its FeedHQ (Google Reader), Miniflux or
/// ownCloud News (Nextcloud News API v1-2) mode, run non-interactively (`-x reload`) or in tmux for marks a
/// person would make.
struct Newsboat {
    enum Mode: String, CaseIterable, Sendable {
        case feedhq
        case miniflux
        /// `urls-source "ocnews"`: newsboat 2.21 lists a "Starred" feed first, then the feeds by title, and
        /// names each feed by its title in its cache.
        case ocnews
    }

    let server: ServeProcess
    let mode: Mode
    let directory: URL

    /// Configures newsboat for `server` in `mode`, with `more` configuration lines after the usual ones; the
    /// server's address is written as `address` makes it of the server's (as a user types it: with a trailing
    /// slash, say).
    init(server: ServeProcess, mode: Mode, more: String = "", address: (String) -> String = { $0 }) throws {
        self.server = server
        self.mode = mode
        directory = server.directory.appendingPathComponent("newsboat-\(mode.rawValue)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let settings: String
        switch mode {
        case .feedhq:
            settings = """
                urls-source "feedhq"
                feedhq-url "\(address(server.baseURL))"
                feedhq-login "\(ServeProcess.user)"
                feedhq-password "\(ServeProcess.password)"
                feedhq-min-items 50
                feedhq-show-special-feeds no
                """
        case .miniflux:
            settings = """
                urls-source "miniflux"
                miniflux-url "\(address(server.baseURL))"
                miniflux-login "\(ServeProcess.user)"
                miniflux-password "\(ServeProcess.password)"
                """
        case .ocnews:
            settings = """
                urls-source "ocnews"
                ocnews-url "\(address(server.baseURL))"
                ocnews-login "\(ServeProcess.user)"
                ocnews-password "\(ServeProcess.password)"
                """
        }
        try (settings + "\nshow-read-feeds yes\n" + more + "\n")
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
        /// Miniflux mode, the feed's title in ocnews mode.
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

    /// Starts newsboat in a detached tmux session.
    func interactive() async throws -> TerminalSession {
        try await TerminalSession.start(["/usr/bin/newsboat"] + arguments, environment: ["HOME": directory.path], in: directory)
    }
}
