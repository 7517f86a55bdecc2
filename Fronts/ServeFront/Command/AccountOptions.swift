import ArgumentParser
import FrontKit
import ServeCore

/// `--accounts FILE`: where users and tokens are kept, for every subcommand.
struct AccountOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The users and tokens file (default: $XDG_CONFIG_HOME/rss-reeder/serve-accounts.json).", valueName: "file"),
        completion: .file())
    var accounts: String?

    var file: AccountFile { AccountFile(path: accounts ?? AccountFile.defaultPath()) }

    /// The accounts, or the exit a command ends with when the file cannot be read.
    func read() throws -> Accounts {
        do {
            return try file.read()
        } catch {
            throw ServeExit.failure(error.description, status: ExitStatus.cannotRead)
        }
    }

    /// Changes the accounts; a refusal of `change` ends the command as bad usage, a file that cannot be
    /// written as such.
    @discardableResult
    func update<T>(_ change: (inout Accounts) throws(AccountFileProblem) -> T) throws -> T {
        do {
            return try file.update(change)
        } catch {
            throw ServeExit.failure(error.description, status: error.isRefusal ? ExitStatus.usage : ExitStatus.cannotCreate)
        }
    }
}
