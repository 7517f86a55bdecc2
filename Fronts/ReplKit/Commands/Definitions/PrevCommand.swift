import RssCore

/// `prev`: the previous page of the active list.
struct PrevCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(name: "prev", aliases: ["p"], summary: "show the previous page of the active list")

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {
        session.page(.previous)
    }
}
