import ReduxVM
import RssCore

/// `next`: the next page of the active list.
struct NextCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(name: "next", summary: "show the next page of the active list")

    init() {}

    init(words: [String]) throws(CommandError) {
        try Self.expectNoWords(words)
    }

    func run(in session: CommandRunner) {
        session.page(.next)
    }
}

extension CommandRunner {
    /// Moves the active list a page and prints it, saying when it could not move.
    func page(_ move: ShowPage.Move) {
        let before = state.lists[active].page
        store.dispatch(ShowPage(list: active, move: move))
        waiter.until { $0.listsSettled }
        if state.lists[active].page == before {
            console.print(move == .next ? "already on the last page" : "already on the first page")
        }
        views.list.show()
    }
}
