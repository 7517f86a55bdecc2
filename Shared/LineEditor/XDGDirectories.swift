public import Foundation

/// The XDG base directories (data, state, config, cache) from an environment, per the Base Directory spec.
///
/// The fronts keep their database under the data directory and the REPL's history under the state directory
/// (`$XDG_STATE_HOME/rss-reeder/history`); resolving them in one place makes the rules (absolute paths only,
/// defaults under `$HOME`) the same everywhere and testable with a made-up environment.
public struct XDGDirectories: Sendable, Equatable {
    /// `$HOME` when it is an absolute path, else the user's home from the system: what `~` stands for, as in a
    /// shell (Foundation's `homeDirectoryForCurrentUser` ignores `$HOME` on Linux).
    public let home: URL
    /// `$XDG_DATA_HOME`, default `~/.local/share`: databases and other user data.
    public let dataHome: URL
    /// `$XDG_STATE_HOME`, default `~/.local/state`: history and other state worth keeping across restarts.
    public let stateHome: URL
    /// `$XDG_CONFIG_HOME`, default `~/.config`: configuration files.
    public let configHome: URL
    /// `$XDG_CACHE_HOME`, default `~/.cache`: anything that can be rebuilt.
    public let cacheHome: URL

    /// Resolves the directories from `environment`; a variable that is unset, empty or relative is ignored,
    /// as the spec requires. Without `HOME` the defaults fall back to the user's home from the system.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home: URL
        if let value = environment["HOME"], value.hasPrefix("/") {
            home = URL(fileURLWithPath: value, isDirectory: true)
        } else {
            home = FileManager.default.homeDirectoryForCurrentUser
        }
        self.home = home
        func resolve(_ name: String, _ fallback: String) -> URL {
            if let value = environment[name], value.hasPrefix("/") {
                return URL(fileURLWithPath: value, isDirectory: true)
            }
            return home.appendingPathComponent(fallback, isDirectory: true)
        }
        dataHome = resolve("XDG_DATA_HOME", ".local/share")
        stateHome = resolve("XDG_STATE_HOME", ".local/state")
        configHome = resolve("XDG_CONFIG_HOME", ".config")
        cacheHome = resolve("XDG_CACHE_HOME", ".cache")
    }

    /// A file in the application's state directory, e.g. `stateFile("history", application: "rss-reeder")`.
    ///
    /// The directory is not created here; ``LineEditor`` creates a history file's directory when it saves.
    public func stateFile(_ name: String, application: String) -> URL {
        stateHome.appendingPathComponent(application, isDirectory: true).appendingPathComponent(name)
    }

    /// A file in the application's data directory, e.g. the default database.
    public func dataFile(_ name: String, application: String) -> URL {
        dataHome.appendingPathComponent(application, isDirectory: true).appendingPathComponent(name)
    }
}
