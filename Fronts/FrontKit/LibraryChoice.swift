public import ArgumentParser
import Foundation
public import RssCore

/// `--db FILE`, or `--user NAME` (with `--accounts FILE`): which library a terminal front opens. One
/// definition, included in each front's command with `@OptionGroup`, so that the owner opens an account's
/// library of `rss-serve` by the account's name as easily as by its file.
public struct LibraryChoice: ParsableArguments {
    @Option(
        name: .customLong("db"), help: ArgumentHelp("The database file (default: the shared one).", valueName: "path"),
        completion: .file())
    public var databasePath: String?

    @Option(
        name: .customLong("user"),
        help: ArgumentHelp("Open the library of this rss-serve account instead (see `rss-serve user list`).", valueName: "name"))
    public var user: String?

    @Option(
        name: .customLong("accounts"),
        help: ArgumentHelp(
            "With --user: rss-serve's accounts file (default: $XDG_CONFIG_HOME/rss-reeder/serve-accounts.json).",
            valueName: "file"),
        completion: .file())
    public var accounts: String?

    public init() {}

    public func validate() throws {
        if databasePath?.isEmpty == true { throw ValidationError("--db needs a file name") }
        if databasePath != nil, user != nil { throw ValidationError("--db and --user name the library twice: give one") }
        if accounts != nil, user == nil { throw ValidationError("--accounts goes with --user") }
    }

    /// Whether a library was named (by `--db` or `--user`).
    public var isGiven: Bool { databasePath != nil || user != nil }

    /// The database to open: `--db`'s file, the library of `--user`'s account, or the shared one.
    public func database() throws(AccountLibraryProblem) -> RssConfiguration.Database {
        if let databasePath { return .file(URL(fileURLWithPath: databasePath)) }
        guard let user else { return .standard }
        let file = try AccountLibraries.library(
            of: user, accountsFile: accounts ?? AccountLibraries.defaultAccountsFile())
        return file.map { .file($0) } ?? .standard
    }
}
