import CLibEdit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A libedit-backed line reader for a REPL: emacs keys, history in a file, Tab completion, and output from other
/// threads printed above the line being typed.
///
/// The editor belongs to the thread that calls ``readLine()`` (the terminal's thread); other threads talk to it
/// through ``remote``, whose requests (notices, prompt changes, jobs) run on that thread between keystrokes.
/// When the input is not a terminal, lines are read plainly: no prompt, no editing codes, no history.
///
/// ```swift
/// let editor = try LineEditor(.init(prompt: "rss> ", historyFile: XDGDirectories().stateFile(
///     "history", application: "rss-reeder")))
/// let remote = editor.remote   // hand this to background work
/// loop: while true {
///     switch editor.readLine() {
///     case .line(let command): run(command)
///     case .interrupted: cancelRunningCommand()
///     case .endOfInput: break loop
///     }
/// }
/// try editor.close()   // saves history, restores the terminal
/// ```
///
/// Keys while reading: the usual emacs set (Ctrl-A/E/B/F/K/U/W/Y, Alt-B/F, Up/Down and Ctrl-P/N for history,
/// Ctrl-R to search it), Tab to complete, Ctrl-C to abandon the line, Ctrl-D on an empty line to end input,
/// Ctrl-Z to suspend with the terminal restored.
///
/// Opening an interactive editor switches the process's `LC_CTYPE` to a UTF-8 locale when it is "C"/"POSIX"
/// (libedit needs one for anything beyond ASCII), and routes SIGINT, SIGTERM, SIGHUP, SIGWINCH and SIGCONT to the
/// editor until it is closed: only one editor may be open at a time.
public final class LineEditor {
    /// Why libedit was made to stop reading before the line was complete.
    enum AbortReason { case interrupt, terminate, suspend, restart }

    /// The thread-safe handle other threads use to print, change the prompt and run jobs here.
    public let remote: LineEditorRemote
    /// Whether the input is a terminal (line editing, prompt, history) rather than a pipe or a file.
    public let isInteractive: Bool

    let configuration: Configuration
    var session: LibEditSession?
    private var signalRouter: SignalRouter?
    private var savedTerminalModes: termios?
    var plainInput = PlainInputBuffer()
    /// Whether libedit is showing the prompt and line now (so output must go around them).
    var lineOnScreen = false
    var abortReason: AbortReason?
    var pendingFlags = LineEditorRemote.Flags()
    var terminated = false
    var ignoreNextResume = false
    private(set) var closed = false

    /// The prompt shown before each line; setting it while a line is being edited redraws that line.
    public var prompt: String {
        didSet { applyPrompt() }
    }

    /// Opens an editor on the configured streams, loads history and starts handling signals.
    public init(_ configuration: Configuration = Configuration()) throws(LineEditorError) {
        self.configuration = configuration
        self.prompt = configuration.prompt
        self.remote = try LineEditorRemote()
        self.isInteractive = isatty(configuration.input) == 1
        let remote = self.remote
        let interruptHandler = configuration.interruptHandler
        do {
            signalRouter = try SignalRouter { signal in
                Self.route(signal, to: remote, interruptHandler: interruptHandler)
            }
        } catch {
            try? shutDown(runningPending: false)
            throw error
        }
        guard isInteractive else { return }
        var modes = termios()
        if tcgetattr(configuration.input, &modes) == 0 { savedTerminalModes = modes }
        useUTF8Locale()
        do {
            session = try LibEditSession(
                program: configuration.programName, input: configuration.input, output: configuration.output,
                terminalType: configuration.terminalType, historyLimit: configuration.historyLimit)
        } catch {
            try? shutDown(runningPending: false)
            throw error
        }
        installCallbacks()
        session?.setPrompt(prompt)
        if let path = configuration.historyFile?.path, let history = session?.history {
            _ = clibedit_history_load(history, path)
        }
    }

    deinit {
        // Queued jobs are not run here: they receive the editor, which must not outlive its deinit.
        try? shutDown(runningPending: false)
    }

    /// Reads one line, running queued requests while waiting; see ``LineEditorInput`` for what can come back.
    ///
    /// Call from the editor's thread only. After `.endOfInput` every further call returns `.endOfInput`.
    public func readLine() -> LineEditorInput {
        guard !closed, !terminated else { return .endOfInput }
        remote.setReading(true)
        defer { remote.setReading(false) }
        pendingFlags.interrupt = false
        if let session { return readInteractive(session) }
        return readPlain()
    }

    /// Prints `text` on the editor's thread: above the line being edited when there is one (which is then
    /// redrawn), else where the cursor is. A line break is added when `text` lacks one.
    public func print(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        guard let session, lineOnScreen else {
            writeAll(line, to: configuration.output)
            return
        }
        session.flush()
        writeAll(session.geometry().clearFromCursor + line, to: configuration.output)
        _ = clibedit_refresh(session.editLine)
    }

    /// Runs the requests queued through ``remote`` now, outside a read: for a caller that keeps the editor's
    /// thread busy and wants notices to appear meanwhile.
    public func runPending() {
        serviceRequests()
    }

    /// Adds `line` to history (not when the input is not a terminal); a repeat of the last entry is not added.
    public func addToHistory(_ line: String) {
        guard let history = session?.history, !line.allSatisfy(\.isWhitespace) else { return }
        _ = clibedit_history_enter(history, line)
    }

    /// History, oldest first.
    public var historyEntries: [String] {
        guard let history = session?.history else { return [] }
        var entries: [String] = []
        var next = clibedit_history_walk(history, 1)
        while let entry = next {
            entries.append(String(cString: entry))
            next = clibedit_history_walk(history, 0)
        }
        return entries
    }

    /// Writes history to the configured file now (it is also written by ``close()``), creating its directory.
    public func saveHistory() throws(LineEditorError) {
        guard let history = session?.history, let file = configuration.historyFile else { return }
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LineEditorError(.historyNotSaved, "cannot create \(directory.path) for history")
        }
        guard clibedit_history_save(history, file.path) >= 0 else {
            throw LineEditorError(.historyNotSaved, "cannot write history to \(file.path): \(systemError())")
        }
    }

    /// Runs what is still queued, saves history, gives the terminal back its modes and stops handling signals.
    ///
    /// The editor reads nothing afterwards. Also done on deinit, where a failure to save is ignored.
    public func close() throws(LineEditorError) {
        try shutDown(runningPending: true)
    }

    private func shutDown(runningPending: Bool) throws(LineEditorError) {
        guard !closed else { return }
        if runningPending { serviceRequests() }
        closed = true
        _ = remote.close()
        signalRouter?.stop()
        signalRouter = nil
        var saveError: LineEditorError?
        if let session {
            do throws(LineEditorError) {
                try saveHistory()
            } catch {
                saveError = error
            }
            session.end()
            self.session = nil
            if var modes = savedTerminalModes { tcsetattr(configuration.input, TCSADRAIN, &modes) }
        }
        if let saveError { throw saveError }
    }

    /// Changes the prompt libedit shows, redrawing the line if it is on screen.
    private func applyPrompt() {
        guard let session else { return }
        guard lineOnScreen else {
            session.setPrompt(prompt)
            return
        }
        session.flush()
        writeAll(session.geometry().clearFromCursor, to: configuration.output)
        session.setPrompt(prompt)
        _ = clibedit_refresh(session.editLine)
    }

    /// Decides what a signal means; runs on the signal router's queue.
    private static func route(
        _ signal: Int32, to remote: LineEditorRemote, interruptHandler: (@Sendable () -> Void)?
    ) {
        switch signal {
        case SIGINT:
            let reading = remote.note { $0.interrupt = true }
            guard !reading else { return }
            if let interruptHandler {
                interruptHandler()
            } else {
                SignalRouter.raiseWithDefaultAction(SIGINT)
            }
        case SIGTERM, SIGHUP:
            _ = remote.note { $0.terminate = true }
        case SIGWINCH:
            _ = remote.note { $0.resize = true }
        case SIGCONT:
            _ = remote.note { $0.resume = true }
        default:
            break
        }
    }
}

/// libedit needs a UTF-8 locale for anything beyond ASCII; a program that never called setlocale runs in "C".
private func useUTF8Locale() {
    if let current = setlocale(LC_CTYPE, nil), String(cString: current) == "C" || String(cString: current) == "POSIX" {
        setlocale(LC_CTYPE, "")
    }
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
        setlocale(LC_CTYPE, "C.UTF-8")
    }
}
