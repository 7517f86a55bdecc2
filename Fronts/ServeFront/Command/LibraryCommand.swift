import ArgumentParser
import Foundation
import FrontKit
import ReduxVM
import RssCore
import ServeCore

/// `rss-serve library backup`.
struct LibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library", abstract: "Back up a user's library.", subcommands: [Backup.self])

    /// `library backup USER FILE`: one consistent copy, while the server runs.
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Copy the library a user reads to a new file, as one consistent snapshot.",
            discussion: """
                Safe while the server (or rss-repl) uses the library: copying the .sqlite file itself may miss \\
                the commits still in its write-ahead log. The file must not exist. For the main library \\
                (`main`, not a user's name), the shared database, or --db's.
                """)

        @Argument(help: "The user whose library to copy, or main.") var user: String
        @Argument(help: "The new file.", completion: .file()) var file: String
        @Option(
            name: .customLong("db"), help: ArgumentHelp("The main library (default: the shared database).", valueName: "path"),
            completion: .file())
        var databasePath: String?
        @OptionGroup var accountOptions: AccountOptions

        func run() async throws {
            let library: URL
            if user == "main" {
                library = databasePath.map { URL(fileURLWithPath: $0) } ?? RssConfiguration.Database.standardFile
            } else {
                guard let record = try accountOptions.read().user(named: user) else {
                    throw ServeExit.failure("no user called \(UserMessage.line(user))", status: ExitStatus.usage)
                }
                library = record.library.map { URL(fileURLWithPath: $0) }
                    ?? databasePath.map { URL(fileURLWithPath: $0) } ?? RssConfiguration.Database.standardFile
            }
            guard FileManager.default.fileExists(atPath: library.path) else {
                throw ServeExit.failure("\(user)'s library \(library.path) is not made yet: nothing to copy", status: ExitStatus.cannotRead)
            }
            do throws(RssProblem) {
                let store = try RssStore.make(RssConfiguration(database: .file(library)))
                await store.idle()
                try await store.backUpDatabase(to: URL(fileURLWithPath: file))
                try await store.closeDatabase()
            } catch {
                throw ServeExit.failure(ProblemText.message(error, sources: SourcesState()), status: ExitStatus.status(for: error))
            }
            ServeExit.note("copied \(library.path) to \(file)")
        }
    }
}
