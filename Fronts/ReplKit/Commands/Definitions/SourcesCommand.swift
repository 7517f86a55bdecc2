/// `sources`: the source table.
struct SourcesCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "sources", summary: "show the sources, numbered, with unread counts and fetch status")

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {
        session.waiter.processed()
        session.views.sources.show()
    }
}
