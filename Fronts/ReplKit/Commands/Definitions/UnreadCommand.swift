/// `unread N…`: marks articles unread.
struct UnreadCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "unread", arguments: [.articleNumbers], summary: "mark articles unread (numbers or ranges like 2-5)",
        details: CommandSpec.numberDetails)

    let numbers: [Int]

    init(numbers: [Int]) { self.numbers = numbers }

    init(words: [String]) throws(CommandError) {
        numbers = try Self.articleNumbers(words)
    }

    func run(in session: CommandRunner) {
        session.markRead(numbers, false)
    }
}
