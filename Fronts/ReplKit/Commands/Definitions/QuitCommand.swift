/// `quit`: ends the session (as Ctrl-D does).
struct QuitCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(name: "quit", summary: "leave (Ctrl-D does too)")
    static let endsSession = true

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {}
}
