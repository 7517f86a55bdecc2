/// One REPL command, defined in one place, in the spirit of swift-argument-parser: its name and arguments
/// (with what Tab completes for each), its help, how it reads the words typed after its name, and what it
/// does. Help, dispatch and completion are all derived from these definitions (``ReplCommands``).
protocol ReplCommand: Sendable {
    /// Name, aliases, arguments and help.
    static var spec: CommandSpec { get }

    /// Reads the words typed after the command's name, checking their shape (not yet against the state).
    init(words: [String]) throws(CommandError)

    /// Reads the words, and the text after the command's name as typed (quotes and backslashes kept), for a
    /// command whose argument is in a language of its own (a filter expression); by default the words alone.
    init(words: [String], typed: String) throws(CommandError)

    /// Does what the command says: dispatches RssCore's actions, waits for the store, asks the views to show.
    func run(in session: CommandRunner)

    /// Whether the session ends after this command.
    static var endsSession: Bool { get }
}

extension ReplCommand {
    static var endsSession: Bool { false }

    init(words: [String], typed: String) throws(CommandError) {
        try self.init(words: words)
    }

    /// A usage error of this command: `problem; usage: …`.
    static func usage(_ problem: String) -> CommandError {
        .usage(spec.usage, problem)
    }

    /// Refuses any word, for commands that take none.
    static func expectNoWords(_ words: [String]) throws(CommandError) {
        guard words.isEmpty else { throw usage("\(spec.name) takes no argument") }
    }
}
