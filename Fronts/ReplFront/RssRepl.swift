import ArgumentParser
import ReplKit
import RssResources
import RssCore

/// `rss-repl`: the interactive reader.
@main
struct RssRepl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rss-repl",
        abstract: "Read RSS, Atom and JSON feeds at an interactive prompt (help lists the commands).",
        discussion: """
            When standard input is not a terminal, commands are read line by line with no prompt, so \
            `rss-repl < script.txt` works; the exit status is then non-zero if a command failed.
            """,
        version: ProgramVersion.line(program: "rss-repl"))

    @Option(name: .long, help: "The database file (default: $XDG_DATA_HOME/rss-reeder/rss-reeder.sqlite).")
    var db: String?

    @Flag(
        inversion: .prefixedNo,
        help: """
            Start a database this run creates with the preinstalled sources: the original app's news feeds             and the bundled sample feeds (readable offline).
            """)
    var preinstalled = true

    func run() throws {
        let status = ReplSession.run(database: db, firstRunSources: preinstalled ? BundledFeeds.preinstalledOPML : nil)
        if status != 0 { throw ExitCode(status) }
    }
}
