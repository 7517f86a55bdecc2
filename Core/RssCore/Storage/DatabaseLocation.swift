import Foundation

/// Where the feed database lives: a file (shared by every front of one user) or memory (tests, embedding demos).
enum DatabaseLocation: Sendable, Equatable {
    /// A SQLite file; its directory is created when missing.
    case file(path: String)
    /// A private in-memory database that disappears with the `FeedDatabase`.
    case inMemory

    /// The file name inside the data directory; fronts and the embedding API use the same one so that a report
    /// run from cron sees the REPL's sources.
    static let fileName = "rss-reeder.sqlite"

    /// The default file: `$XDG_DATA_HOME/rss-reeder/rss-reeder.sqlite`, else
    /// `~/.local/share/rss-reeder/rss-reeder.sqlite` (the XDG Base Directory rule; a relative `XDG_DATA_HOME`
    /// is invalid by that spec and is ignored).
    static func defaultFile(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: String = NSHomeDirectory()
    ) -> DatabaseLocation {
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        let directory = (dataHome as NSString).appendingPathComponent("rss-reeder")
        return .file(path: (directory as NSString).appendingPathComponent(fileName))
    }
}
