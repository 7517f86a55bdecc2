import RssCore

/// `disable SOURCE`: keeps a source but stops refreshing it.
struct DisableCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "disable", arguments: [.source], summary: "keep a source but stop refreshing it",
        details: CommandSpec.sourceDetails)

    let source: String

    init(source: String) { self.source = source }

    init(words: [String]) throws(CommandError) {
        source = try Self.requiredSource(words)
    }

    func run(in session: CommandRunner) {
        session.setEnabled(source, false)
    }
}
