public import ArgumentParser
import Foundation
public import Logging
public import ReduxVM
public import RssCore

/// The flags every front takes to record a session and to log it: `--journal FILE`, `--log LEVEL`,
/// `--log-file FILE`. One definition, included in each front's command with `@OptionGroup`.
public struct DiagnosticOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Record every action (the reader's internal ones too) as JSON lines, for replay.", valueName: "file"),
        completion: .file())
    public var journal: String?

    @Option(
        help: ArgumentHelp(
            "Log at this level and above to standard error.",
            valueName: "level"))
    public var log: Logger.Level?

    @Option(
        name: .customLong("log-file"),
        help: ArgumentHelp("Write the log to this file instead (appending; implies --log info).", valueName: "file"),
        completion: .file())
    public var logFile: String?

    public init() {}

    /// The journal `--journal` asks for, created (truncating an old one) and readable by its owner only; nil
    /// without the flag.
    public func makeJournal(program: String) throws(JournalError) -> ActionJournal<RssState>? {
        guard let journal else { return nil }
        return try RssJournal.create(
            at: URL(fileURLWithPath: journal), writer: ProgramVersion.line(program: program))
    }

    /// The logger `--log` and `--log-file` ask for, every line with credentials redacted; nil without either.
    public func makeLogger(program: String) throws(FileProblem) -> Logger? {
        guard log != nil || logFile != nil else { return nil }
        let output: LogOutput
        if let logFile {
            output = try LogOutput(appendingTo: logFile)
        } else {
            output = .standardError
        }
        var logger = Logger(label: program) { label in RedactingLogHandler(label: label, output: output) }
        logger.logLevel = log ?? .info
        return logger
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
