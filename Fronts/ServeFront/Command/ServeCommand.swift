public import ArgumentParser
import RssCore
import ServeCore

/// `rss-serve`: the sync server, and the commands that manage its users and tokens.
public struct ServeCommand: AsyncParsableCommand {
    /// The command's name, summary, subcommands and version.
    public static let configuration = CommandConfiguration(
        commandName: "rss-serve",
        abstract: "Serve your feeds to reader apps (Google Reader, Miniflux, Fever, Nextcloud News), a library per account.",
        discussion: """
            Reader apps sync with it as with FreshRSS, Miniflux or Nextcloud News: NetNewsWire, Reeder, Read You, \
            FeedMe, Unread, RSS Guard, newsboat… Marks made in an app show in rss-repl and rss-report at once, and \
            the other way round. Each user reads a library (see `user set --help`). Feeds added from an app reach public \
            addresses only (see --allow-private). Add a user first (rss-serve user set NAME). See docs/serve.md for \
            the endpoints.
            """,
        version: ProgramVersion.line(program: "rss-serve"),
        subcommands: [RunCommand.self, UserCommand.self, TokenCommand.self, LibraryCommand.self],
        defaultSubcommand: RunCommand.self)

    public init() {}
}

extension ServeCommand {
    /// Parses the process's arguments and runs; exits with the run's status.
    public static func runAsMain() async {
        await main()
    }
}
