import ReduxVM
import RssCore

/// `sort newest|oldest|source|title`: the active list's order.
struct SortCommand: ReplCommand, Equatable {
    /// The words, and the orders they stand for.
    static let orders: [(word: String, sort: ListSort)] = [
        ("newest", .newestFirst), ("oldest", .oldestFirst), ("source", .source), ("title", .title),
    ]

    static let spec = CommandSpec(
        name: "sort",
        arguments: [
            ArgumentSpec(
                name: orders.map(\.word).joined(separator: "|"), arity: .required,
                completion: .choices(orders.map(\.word)))
        ],
        summary: "order the active list by date, source or title",
        details: "By source and by title, the newest come first among equals. The list starts again from its first page.")

    let sort: ListSort

    init(sort: ListSort) { self.sort = sort }

    init(words: [String]) throws(CommandError) {
        guard words.count == 1 else { throw Self.usage("one order expected") }
        let word = words[0].lowercased()
        let matches = Self.orders.filter { $0.word.hasPrefix(word) }
        guard !word.isEmpty, matches.count == 1 else {
            throw Self.usage("“\(words[0])” is not an order")
        }
        sort = matches[0].sort
    }

    func run(in session: CommandRunner) {
        session.store.dispatch(SortList(list: session.active, sort: sort))
        session.showList()
    }
}
