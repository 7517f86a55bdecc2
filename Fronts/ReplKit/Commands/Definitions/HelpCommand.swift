import TerminalText

/// `help [COMMAND]`: the commands with their usage, or one command explained.
struct HelpCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "help", aliases: ["?"],
        arguments: [ArgumentSpec(name: "COMMAND", arity: .optional, completion: .commands)],
        summary: "list the commands, or explain one",
        details: "Commands can be shortened to any unambiguous prefix: `l` for list, `mark` for mark-all-read.")

    /// The command to explain; nil lists them all.
    let topic: String?

    init(topic: String?) { self.topic = topic }

    init(words: [String]) throws(CommandError) {
        guard words.count <= 1 else { throw Self.usage("one command at most") }
        if let word = words.first {
            switch ReplCommands.resolve(word) {
            case .success(let command): topic = command.spec.name
            case .failure(let error): throw error
            }
        } else {
            topic = nil
        }
    }

    func run(in session: CommandRunner) {
        let console = session.console
        if let topic, let spec = ReplCommands.specs.first(where: { $0.name == topic }) {
            var lines = ["usage: \(spec.usage)", spec.summary]
            if !spec.aliases.isEmpty { lines.append("also: " + spec.aliases.joined(separator: ", ")) }
            if let details = spec.details { lines += details.wrapped(toWidth: min(console.width, 100)) }
            console.print(lines.joined(separator: "\n"))
            return
        }
        let specs = ReplCommands.specs
        let width = (specs.map(\.usage.displayWidth).max() ?? 20) + 2
        let layout = ColumnLayout([.init(width: width), .init()], separator: "")
        var lines = specs.map {
            layout.render([$0.usage, $0.summary], totalWidth: max(console.width, width + 20)).trimmingTrailingSpaces()
        }
        lines.append("Commands may be shortened (l for list); help COMMAND says more.")
        console.print(lines.joined(separator: "\n"))
    }
}
