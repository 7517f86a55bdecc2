public import Foundation
import LineEditor
public import FrontKit
import ReduxVM
public import RssCore

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive reader: opens the store and the line editor, connects the views, runs commands until
/// `quit`, Ctrl-D or the end of a script, and says how it went as an exit status.
public enum ReplSession {
    /// Runs a session on the library `library` names (`--db`, `--user`, else the shared database) and returns
    /// the exit status, as ``run(database:firstRunSources:diagnostics:)`` does.
    public static func run(
        library: LibraryChoice, firstRunSources: URL? = nil, diagnostics: DiagnosticOptions = DiagnosticOptions()
    ) -> Int32 {
        let database: RssConfiguration.Database
        do throws(AccountLibraryProblem) {
            database = try library.database()
        } catch {
            reportError(error.description)
            return ExitStatus.status(for: error)
        }
        return run(database: database, firstRunSources: firstRunSources, diagnostics: diagnostics)
    }

    /// Runs a session on `database` and returns the exit status; a database the session creates starts with
    /// the feeds of `firstRunSources` (an OPML file). `diagnostics` says whether to record a journal and to log.
    public static func run(
        database: RssConfiguration.Database, firstRunSources: URL? = nil,
        diagnostics: DiagnosticOptions = DiagnosticOptions()
    ) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let interactive = isatty(0) == 1
        // Open beside reports and other REPLs: look for their writes twice a second (a script checks before
        // each command only, so that its store becomes idle).
        var configuration = RssConfiguration(
            database: database, refreshesPeriodically: interactive, firstRunSources: firstRunSources,
            changeCheckInterval: interactive ? .milliseconds(500) : nil)
        do throws(JournalError) {
            configuration.journal = try diagnostics.makeJournal(program: "rss-repl")
        } catch {
            reportError(error.description)
            return ExitStatus.status(for: error)
        }
        do throws(FileProblem) {
            configuration.logger = try diagnostics.makeLogger(program: "rss-repl")
        } catch {
            reportError("cannot write the log \(diagnostics.logFile ?? ""): \(ProblemText.file(error))")
            return ExitStatus.cannotCreate
        }
        let journal = configuration.journal
        defer { journal?.close() }
        let store: Store<RssState>
        do {
            store = try RssStore.make(configuration)
        } catch {
            reportError(ProblemText.message(error, sources: SourcesState()))
            return 2
        }
        let interrupts = InterruptFlag()
        let completion = CompletionContext(
            sourceTitles: { store.state.sources.all.map(\.title) },
            tags: { store.state.sources.all.flatMap(\.tags) })
        let completer = ReplCompleter(context: completion)
        let editorConfiguration = LineEditor.Configuration(
            prompt: "rss> ",
            historyFile: XDGDirectories(environment: environment).stateFile("history", application: "rss-reeder"),
            completer: completer.candidates(for:),
            interruptHandler: {
                interrupts.raise()
                if store.state.refresh.isRunning { store.dispatch(CancelRefresh()) }
            },
            programName: "rss-repl")
        let editor: LineEditor
        do {
            editor = try LineEditor(editorConfiguration)
        } catch {
            reportError(error.description)
            return 2
        }
        let remote = editor.remote
        interrupts.wakeWith { remote.execute {} }
        let console = Console(editor: editor, environment: environment)
        let views = ReplViews(console: console, store: store)
        completion.articleNumbers = { views.list.printedNumbers.keys.sorted() }
        completion.ruleNames = { store.state.rules.rules.map(\.name) }
        completion.queryNames = { store.state.rules.queries.map(\.name) }
        let waiter = StoreWaiter(store: store, editor: editor, interrupts: interrupts, waitsForIdle: !interactive)
        let runner = CommandRunner(store: store, console: console, views: views, waiter: waiter)
        waiter.until { $0.isStarted && $0.listsSettled }
        if interactive { console.print("rss-repl: \(store.state.sources.all.count) sources; help lists the commands") }
        loop: while true {
            switch editor.readLine() {
            case .line(let line):
                if !runner.run(line: line) { break loop }
            case .interrupted:
                continue
            case .endOfInput:
                break loop
            }
        }
        // Whatever the commands started is recorded before the journal closes, and the database file is left
        // complete on its own. The editor closes last: the terminal's thread waits for the store through it.
        waiter.processed()
        let closing = waiter.closeDatabase()
        do {
            try editor.close()
        } catch {
            reportError(error.description)
        }
        if let closing {
            reportError(ProblemText.message(closing, sources: store.state.sources))
        }
        journal?.close()
        if let failure = journal?.failure {
            reportError(failure.description)
            return ExitStatus.cannotCreate
        }
        if interactive { return 0 }
        return console.failed ? 1 : 0
    }

    /// Writes `message` to standard error as one error line.
    static func reportError(_ message: String) {
        FileHandle.standardError.write(Data((UserMessage.error(message) + "\n").utf8))
    }
}
