import ArgumentParser
import Foundation
import FrontKit
import ServeCore

/// `rss-serve token create|list|revoke`.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Make, list and revoke API tokens.",
        subcommands: [Create.self, List.self, Revoke.self])

    /// `token create USER [--kind miniflux|greader] [--label TEXT]`: prints the token once.
    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create",
            abstract: "Make a token for a user and print it (only its hash is kept: it cannot be shown again).")

        @Argument(help: "Whose token.") var user: String
        @Option(help: "Which API it opens: miniflux (X-Auth-Token) or greader (GoogleLogin auth=).")
        var kind: TokenKind = .miniflux
        @Option(help: "A name to tell it by (e.g. phone).") var label = ""
        @OptionGroup var accountOptions: AccountOptions

        func validate() throws {
            if kind == .web { throw ValidationError("web sessions are made by signing in to the web front, not by token create") }
        }

        func run() throws {
            let token = TokenSecret.make()
            try accountOptions.update { accounts throws(AccountFileProblem) in
                guard accounts.user(named: user) != nil else { throw .refused("no user called \(user)") }
                accounts.addToken(TokenSecret.record(for: token, user: user, kind: kind, label: label, at: Date()))
            }
            print(token)
        }
    }

    /// `token list`: id, user, kind, date, label; never the token.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tokens (not their secrets).")
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            for token in try accountOptions.read().tokens {
                let date = token.createdAt.formatted(.iso8601)
                print([token.id, token.user, token.kind.rawValue, date, token.label].map(UserMessage.line).joined(separator: "\t"))
            }
        }
    }

    /// `token revoke ID`: the tokens whose id starts with ID stop working with the next request.
    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "revoke", abstract: "Revoke a token by its id (from token list).")
        @Argument(help: "The token's id, or enough of its start to name one token.") var id: String
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            guard id.count >= 4 else { throw ServeExit.failure("give at least 4 characters of the id", status: ExitStatus.usage) }
            let count = try accountOptions.update { accounts throws(AccountFileProblem) in
                let matches = accounts.tokens.filter { $0.id.hasPrefix(id) }.count
                guard matches <= 1 else { throw .refused("\(id) names \(matches) tokens: give more of the id") }
                return accounts.revokeTokens(idPrefix: id)
            }
            guard count > 0 else { throw ServeExit.failure("no token with id \(id)", status: ExitStatus.usage) }
            ServeExit.note("revoked \(id)")
        }
    }
}

extension TokenKind: ExpressibleByArgument {}

extension AccountFileProblem {
    var isRefusal: Bool {
        if case .refused = self { return true }
        return false
    }
}
