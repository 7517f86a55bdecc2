import ArgumentParser
import Foundation
import FrontKit
import HummingbirdBcrypt
import ServeCore

/// `rss-serve user fever NAME on|off`: lets Fever apps sign in as a user, or stops them.
struct UserFeverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fever",
        abstract: "Turn the Fever API on or off for a user.",
        discussion: """
            Fever apps (Reeder Classic, Unread, Fiery Feeds, Read You, Fluent Reader…) sign in with the user \
            name and password. `on` asks for the user's password (as `user set` reads it) and checks it; `off` \
            stops every Fever app of the user at its next request. \(weakness)
            """)

    /// What Fever's key is worth, said wherever Fever is turned on.
    static let weakness = """
        Beware: a Fever app sends md5("NAME:PASSWORD"), unsalted, with every request; whoever sees it can use \
        the API as the user and can test guesses of the password against it quickly. Serve over HTTPS, and turn \
        Fever on only for users whose apps need it. The accounts file keeps only a SHA-256 of that key.
        """

    /// `on` or `off`.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @Argument(help: "The user.") var name: String
    @Argument(help: "Turn it on or off.") var state: Switch
    @OptionGroup var accountOptions: AccountOptions

    func run() throws {
        guard try accountOptions.read().user(named: name) != nil else {
            throw ServeExit.failure("no user called \(name)", status: ExitStatus.usage)
        }
        var password: String?
        if state == .on {
            do {
                password = try PasswordPrompt.read(for: name)
            } catch {
                throw ServeExit.failure(error.description, status: ExitStatus.usage)
            }
        }
        try accountOptions.update { accounts throws(AccountFileProblem) in
            guard let user = accounts.user(named: name) else { throw .refused("no user called \(name)") }
            // The key is made from the password: another one would give the user a second password.
            if let password, !Bcrypt.verify(password, hash: user.passwordHash) {
                throw .refused("that is not \(name)'s password")
            }
            accounts.setFeverKey(name, password: password)
        }
        ServeExit.note("Fever API \(state.rawValue) for \(name)")
    }
}
