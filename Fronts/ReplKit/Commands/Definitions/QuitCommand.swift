/// `quit`: ends the session (as Ctrl-D does).
struct QuitCommand: ReplCommand, Equatable {
    // `q` was quit before `query` came, and stays so.
    static let spec = CommandSpec(name: "quit", aliases: ["q"], summary: "leave (Ctrl-D does too)")
    static let endsSession = true

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {}
}
