import ArgumentParser
import Foundation
import FrontKit
import ServeCore

/// `rss-serve user sessions NAME` and `rss-serve user sessions revoke NAME ID`: the browsers signed in to the
/// web front and the apps signed in with their password (ClientLogin), as the web front's sessions page lists
/// them; ending one signs it out at its next request.
struct UserSessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions", abstract: "List a user's sessions (browsers and apps signed in), or end one.",
        subcommands: [List.self, Revoke.self], defaultSubcommand: List.self)

    /// `user sessions [list] NAME`: id, kind, since, last used, from where; never the token.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List a user's sessions: id, kind (web or greader), since, last used, signed in from.")
        @Argument(help: "The user.") var name: String
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            let accounts = try accountOptions.read()
            guard accounts.user(named: name) != nil else { throw ServeExit.failure("no user called \(name)", status: ExitStatus.usage) }
            for token in accounts.sessions(of: name) {
                let fields = [
                    token.id, token.kind.rawValue, token.createdAt.formatted(.iso8601),
                    token.lastUsedAt?.formatted(.iso8601) ?? "-", token.label,
                ]
                print(fields.map(UserMessage.line).joined(separator: "\t"))
            }
        }
    }

    /// `user sessions revoke NAME ID`: ends the user's session with that id.
    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "End one of a user's sessions by its id.")
        @Argument(help: "The user.") var name: String
        @Argument(help: "The session's id (from `user sessions NAME`).") var id: String
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            let ended = try accountOptions.update { accounts throws(AccountFileProblem) in
                guard accounts.user(named: name) != nil else { throw .refused("no user called \(name)") }
                return accounts.endSession(id: id, of: name)
            }
            guard ended else { throw ServeExit.failure("\(name) has no session \(id)", status: ExitStatus.usage) }
            ServeExit.note("ended session \(id) of \(name)")
        }
    }
}
