import ArgumentParser
import FrontKit
import ReplKit
import RssCore
import RssResources

/// `rss-repl`: the interactive reader.
@main
struct RssRepl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rss-repl",
        abstract: "Read RSS, Atom and JSON feeds at an interactive prompt (help lists the commands).",
        discussion: """
            When standard input is not a terminal, commands are read line by line with no prompt, so \
            `rss-repl < script.txt` works; the exit status is then non-zero if a command failed (a fetch no \
            command asked for, such as a new database's first fetch of its preinstalled sources, is reported \
            but does not count).

            --journal records a session; --replay rebuilds the state a journal ends in, through the reader's \
            reducers alone (no database, no network), and prints it: the sources, both lists and the open \
            article. Exit status of a replay: 0 replayed; 65 not a journal, damaged, or written by a newer \
            version; 66 cannot be read.
            """,
        version: ProgramVersion.line(program: "rss-repl"))

    @OptionGroup var library: LibraryChoice

    @Flag(
        inversion: .prefixedNo,
        help: """
            Start a database this run creates with the preinstalled sources: the original app's news feeds \
            and the bundled sample feeds (readable offline).
            """)
    var preinstalled = true

    @Option(
        help: ArgumentHelp(
            "Print the state a recorded session (--journal) ends in, rebuilt from the journal alone, and exit.",
            valueName: "file"),
        completion: .file())
    var replay: String?

    @OptionGroup var diagnostics: DiagnosticOptions

    func run() throws {
        AllocatorTuning.apply()
        let status: Int32
        if let replay {
            status = ReplSession.replay(journal: replay)
        } else {
            // An account's library is the server's: its preinstalled sources are the account's to add.
            let preinstalls = preinstalled && library.user == nil
            status = ReplSession.run(
                library: library, firstRunSources: preinstalls ? BundledFeeds.preinstalledOPML : nil,
                diagnostics: diagnostics)
        }
        if status != 0 { throw ExitCode(status) }
    }
}
