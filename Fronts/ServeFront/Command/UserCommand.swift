import ArgumentParser
import Foundation
import FrontKit
import HummingbirdBcrypt

/// `rss-serve user set|list|remove`.
struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Add users, change their passwords, list or remove them.",
        subcommands: [Set.self, List.self, Remove.self, UserFeverCommand.self])

    /// `user set NAME`: asks for the password (never on the command line) and stores its bcrypt hash.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Add a user or change their password.",
            discussion: """
                Every user is a login to the same library: the one database this server serves. Alice's and \
                Bob's apps see the same feeds and articles, and a mark either makes is the other's too. Add a \
                second user only for someone you would share your reading with (or run a second server on \
                another database for them).

                The password is read from the terminal without echo (twice), or from the first line of standard \
                input when that is not a terminal, for scripts. It is never taken from the command line.

                --fever also lets Fever apps sign in with this password. \(UserFeverCommand.weakness) A new \
                password replaces the Fever key of the old one (Fever stays on); --no-fever turns it off.
                """)

        @Argument(help: "The user name apps sign in with.") var name: String
        @Flag(
            inversion: .prefixedNo,
            help: "Turn the Fever API on (or off) for this user, with this password (see `user fever --help`).")
        var fever: Bool?
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            guard UserName.isValid(name) else {
                throw ServeExit.failure("a user name is 1 to 64 letters, digits, and . _ @ -", status: ExitStatus.usage)
            }
            let password: String
            do {
                password = try PasswordPrompt.read(for: name)
            } catch {
                throw ServeExit.failure(error.description, status: ExitStatus.usage)
            }
            let hash = Bcrypt.hash(password, cost: PasswordPolicy.cost)
            let (feverIsOn, others) = try accountOptions.update { accounts throws(AccountFileProblem) -> (Bool, [String]) in
                let feverIsOn = accounts.setUser(name, passwordHash: hash, password: password, fever: fever, at: Date())
                return (feverIsOn, accounts.users.map(\.name).filter { $0 != name })
            }
            ServeExit.note("password set for \(name)" + (feverIsOn ? "; Fever API on" : ""))
            if !others.isEmpty {
                ServeExit.warn(
                    "every user is a login to the same library: \(name) sees and marks the same feeds and articles as "
                        + others.joined(separator: ", "))
            }
        }
    }

    /// `user list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the users.")
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            for user in try accountOptions.read().users {
                print(UserMessage.line(user.name) + (user.feverKeyHash == nil ? "" : "\tfever"))
            }
        }
    }

    /// `user remove NAME`: the user and every token of theirs.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a user and their tokens.")
        @Argument(help: "The user.") var name: String
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            let removed = try accountOptions.update { accounts throws(AccountFileProblem) in accounts.removeUser(name) }
            guard removed else { throw ServeExit.failure("no user called \(name)", status: ExitStatus.usage) }
            ServeExit.note("removed \(name)")
        }
    }
}

/// What a user name may be: it appears in URLs and files, so a plain set of characters.
enum UserName {
    static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.count)
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._@-".unicodeScalars.contains($0) }
    }
}
