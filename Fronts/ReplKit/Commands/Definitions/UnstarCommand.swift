/// `unstar N`: removes an article's star.
struct UnstarCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "unstar", arguments: [.articleNumber], summary: "unstar article N", details: CommandSpec.numberDetails)

    let number: Int

    init(number: Int) { self.number = number }

    init(words: [String]) throws(CommandError) {
        number = try Self.articleNumber(words)
    }

    func run(in session: CommandRunner) {
        session.star(number, false)
    }
}
