import ArgumentParser
import Foundation
import FrontKit
import HummingbirdBcrypt
import RssCore
import ServeCore

/// `rss-serve user set|list|remove|fever|sessions`.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user", abstract: "Add users, change their passwords or libraries, list or remove them.",
        subcommands: [Set.self, List.self, Remove.self, UserFeverCommand.self, UserSessionsCommand.self])

    /// `user set NAME`: asks for the password (never on the command line) and stores its bcrypt hash.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Add a user or change their password.",
            discussion: """
                Each user reads a library: the main one (the database the server serves by default, which \
                rss-repl and rss-report open too), a library of their own, or another user's (a household that \
                reads together). A new user gets a library of their own, but the first, who gets the main one; \
                --library chooses: main, own, with:USER, or a database file. Giving it for an existing user moves \
                them to that library (the one they read before stays as it is).

                The password is read from the terminal without echo (twice), or from the first line of standard \
                input when that is not a terminal, for scripts. It is never taken from the command line.

                --fever also lets Fever apps sign in with this password. \(UserFeverCommand.weakness) A new \
                password replaces the Fever key of the old one (Fever stays on); --no-fever turns it off.

                --allow-private lets the sources this user adds reach a network of the owner's (CIDR; \
                repeatable), besides the server's own --allow-private; --allow-private none takes them away.
                """)

        @Argument(help: "The user name apps sign in with.") var name: String
        @Option(help: ArgumentHelp("Which library the user reads: main, own, with:USER, or a database file.", valueName: "which"))
        var library: String?
        @Flag(
            inversion: .prefixedNo,
            help: "Turn the Fever API on (or off) for this user, with this password (see `user fever --help`).")
        var fever: Bool?
        @Option(
            name: .customLong("allow-private"),
            help: ArgumentHelp("A network the user's sources may reach (CIDR), or none.", valueName: "network"))
        var allowPrivate: [String] = []
        @OptionGroup var accountOptions: AccountOptions

        func validate() throws {
            for network in allowPrivate where network != "none" && IPNetwork(network) == nil {
                throw ValidationError("--allow-private: not a network in CIDR notation: \(network)")
            }
            if allowPrivate.contains("none"), allowPrivate.count > 1 {
                throw ValidationError("--allow-private none takes the user's networks away: give it alone")
            }
        }

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
            let outcome = try accountOptions.update { accounts throws(AccountFileProblem) -> Outcome in
                let isNew = accounts.user(named: name) == nil
                let assignment = library.map(Accounts.LibraryAssignment.init)
                    ?? (isNew ? (accounts.users.isEmpty ? .main : .own) : nil)
                let path = try assignment.map { assignment throws(AccountFileProblem) in try accounts.libraryPath(assignment, for: name) }
                let feverIsOn = accounts.setUser(name, passwordHash: hash, password: password, fever: fever, at: Date())
                if let path { accounts.setLibrary(name, path: path) }
                if !allowPrivate.isEmpty {
                    accounts.setAllowedNetworks(name, allowPrivate == ["none"] ? nil : allowPrivate)
                }
                let reads = accounts.user(named: name)?.library
                return Outcome(feverIsOn: feverIsOn, library: reads, sharing: accounts.users(reading: reads, except: name))
            }
            ServeExit.note("password set for \(name)" + (outcome.feverIsOn ? "; Fever API on" : ""))
            ServeExit.note("\(name) reads " + (outcome.library.map { "the library \(UserMessage.line($0))" } ?? "the main library"))
            if !outcome.sharing.isEmpty {
                ServeExit.warn(
                    "\(name) shares that library with \(outcome.sharing.joined(separator: ", ")): they see and mark the "
                        + "same feeds and articles")
            }
        }

        private struct Outcome {
            let feverIsOn: Bool
            let library: String?
            let sharing: [String]
        }
    }

    /// `user list`: each user's library, its size, its sources and its last use.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the users, and the library each reads.",
            discussion: """
                One line per user, tab-separated: the name, the library (main, or its database file), its size \
                on disk, its sources, when the server last opened it for the user, and `fever` when the Fever API \
                is on for them. A library not made yet (nobody signed in) has no size.
                """)
        @Option(
            name: .customLong("db"),
            help: ArgumentHelp("The main library, as the server runs with it (default: the shared one).", valueName: "path"),
            completion: .file())
        var databasePath: String?
        @OptionGroup var accountOptions: AccountOptions

        func run() async throws {
            let accounts = try accountOptions.read()
            let main = databasePath.map { URL(fileURLWithPath: $0) } ?? RssConfiguration.Database.standardFile
            var summaries: [String?: LibrarySummary] = [:]
            for user in accounts.users {
                let summary: LibrarySummary
                if let known = summaries[user.library] {
                    summary = known
                } else {
                    summary = await LibrarySummary.read(user.library.map { URL(fileURLWithPath: $0) } ?? main)
                    summaries[user.library] = summary
                }
                let fields = [
                    UserMessage.line(user.name), LibraryText.describe(user.library), summary.sizeText, summary.sourcesText,
                    user.lastUsedAt.map { $0.formatted(.iso8601) } ?? "never", user.feverKeyHash == nil ? "" : "fever",
                ]
                print(fields.joined(separator: "\t"))
            }
        }
    }

    /// `user remove NAME [--delete-library]`: the user and every token of theirs.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a user and their tokens (and, if asked, their library).",
            discussion: """
                The user's library is kept, so that a user added again under the same name finds it; \
                --delete-library deletes it too, when it is the user's own (never the main library, nor one \
                another user reads).
                """)
        @Argument(help: "The user.") var name: String
        @Flag(help: "Delete the user's own library as well.") var deleteLibrary = false
        @OptionGroup var accountOptions: AccountOptions

        func run() throws {
            let library = try accountOptions.update { accounts throws(AccountFileProblem) -> String? in
                guard let user = accounts.user(named: name) else { throw .refused("no user called \(name)") }
                if deleteLibrary {
                    guard let path = user.library else { throw .refused("\(name) reads the main library, which stays") }
                    let others = accounts.users(reading: path, except: name)
                    if !others.isEmpty {
                        throw .refused("\(others.joined(separator: ", ")) read\(others.count == 1 ? "s" : "") that library too: it stays")
                    }
                }
                _ = accounts.removeUser(name)
                return user.library
            }
            ServeExit.note("removed \(name)")
            guard deleteLibrary, let library else {
                if let library { ServeExit.note("kept the library \(library)") }
                return
            }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: library + suffix) {
                do {
                    try FileManager.default.removeItem(atPath: library + suffix)
                } catch {
                    throw ServeExit.failure("cannot delete \(library + suffix): \(error.localizedDescription)", status: ExitStatus.cannotCreate)
                }
            }
            ServeExit.note("deleted the library \(library)")
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
