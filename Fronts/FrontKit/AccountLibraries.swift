public import Foundation

/// Which library each of `rss-serve`'s accounts reads, as its accounts file says: the owner's terminal fronts
/// open an account's library by the account's name (`rss-repl --user alice`), as `rss-serve` does when Alice's
/// apps sync.
///
/// An account reads the main library (the shared database every front opens by default) or a library of its
/// own, a database file of its own; accounts may share one. Only the accounts' names and libraries are read
/// here; passwords and tokens stay `rss-serve`'s.
public enum AccountLibraries {
    /// The accounts file by default: `$XDG_CONFIG_HOME/rss-reeder/serve-accounts.json`, else under `~/.config`.
    public static func defaultAccountsFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.config"
        }
        return base + "/rss-reeder/serve-accounts.json"
    }

    /// Where a new account's own library goes: `$XDG_DATA_HOME/rss-reeder/libraries/NAME.sqlite`, else under
    /// `~/.local/share`, beside the main library.
    public static func newLibraryFile(
        for name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let dataHome: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            dataHome = data
        } else {
            dataHome = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.local/share"
        }
        return URL(fileURLWithPath: dataHome + "/rss-reeder/libraries/\(name).sqlite")
    }

    /// The database of the account `name`: its own library's file, or nil for the main library.
    ///
    /// Throws when the accounts file cannot be read, or has no such account.
    public static func library(of name: String, accountsFile path: String) throws(AccountLibraryProblem) -> URL? {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            guard FileManager.default.fileExists(atPath: path) else { throw .noAccounts(path) }
            throw .cannotRead(path, String(describing: error))
        }
        struct File: Decodable {
            struct User: Decodable {
                let name: String
                let library: String?
            }
            let users: [User]
        }
        // Any decoding failure is the same: not the file rss-serve writes.
        guard let file = try? JSONDecoder().decode(File.self, from: data) else { throw .damaged(path) }
        guard let user = file.users.first(where: { $0.name == name }) else { throw .noSuchAccount(name, path) }
        return user.library.map { URL(fileURLWithPath: $0) }
    }
}

/// Why an account's library could not be found.
public enum AccountLibraryProblem: Error, Equatable, CustomStringConvertible {
    /// There is no accounts file: `rss-serve user set` makes one.
    case noAccounts(String)
    /// The file exists but could not be read.
    case cannotRead(String, String)
    /// The file is not the JSON `rss-serve` writes.
    case damaged(String)
    /// The file has no account of that name.
    case noSuchAccount(String, String)

    public var description: String {
        switch self {
        case .noAccounts(let path): "no accounts file \(path) (rss-serve user set NAME makes one)"
        case .cannotRead(let path, let reason): "cannot read the accounts file \(path): \(reason)"
        case .damaged(let path): "the accounts file \(path) is damaged (not the JSON rss-serve writes)"
        case .noSuchAccount(let name, let path): "no account called \(UserMessage.line(name)) in \(path)"
        }
    }
}
