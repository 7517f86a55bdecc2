public import Foundation

extension LineEditor {
    /// How a line editor is set up: prompt, history, completion, interrupt handling and the streams it uses.
    public struct Configuration {
        /// The first prompt; change it later with ``LineEditor/prompt`` or ``LineEditorRemote/setPrompt(_:)``.
        /// SGR colour sequences in it are allowed and are not counted as columns.
        public var prompt: String
        /// Where history is loaded from and saved to (`XDGDirectories().stateFile("history", application:)`);
        /// nil keeps history in memory only. Never read or written when the input is not a terminal.
        public var historyFile: URL?
        /// How many entries history keeps; older ones are dropped.
        public var historyLimit: Int
        /// Whether every non-blank line read is added to history (repeats in a row are kept once).
        public var recordsHistory: Bool
        /// Candidates for Tab; nil makes Tab ring the bell.
        public var completer: Completer?
        /// Called (on a private queue) when SIGINT arrives while no line is being read, e.g. Ctrl-C during a
        /// command the caller runs on the editor's thread. Nil gives SIGINT its usual effect at that time:
        /// the process ends (the terminal is in its normal mode then).
        public var interruptHandler: (@Sendable () -> Void)?
        /// The descriptor lines are read from (standard input by default).
        public var input: Int32
        /// The descriptor prompts, echo and notices are written to (standard output by default).
        public var output: Int32
        /// The terminfo entry to use instead of `$TERM` (tests use a fixed one).
        public var terminalType: String?
        /// The program name libedit reports in its own messages.
        public var programName: String

        /// A configuration; every argument has the usual default for an interactive program.
        public init(
            prompt: String = "> ",
            historyFile: URL? = nil,
            historyLimit: Int = 1000,
            recordsHistory: Bool = true,
            completer: Completer? = nil,
            interruptHandler: (@Sendable () -> Void)? = nil,
            input: Int32 = 0,
            output: Int32 = 1,
            terminalType: String? = nil,
            programName: String = "rss-reeder"
        ) {
            self.prompt = prompt
            self.historyFile = historyFile
            self.historyLimit = historyLimit
            self.recordsHistory = recordsHistory
            self.completer = completer
            self.interruptHandler = interruptHandler
            self.input = input
            self.output = output
            self.terminalType = terminalType
            self.programName = programName
        }
    }
}
