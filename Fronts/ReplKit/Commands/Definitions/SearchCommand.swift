import ReduxVM
import RssCore

/// `search TEXT`: the active list shows the articles matching the words.
struct SearchCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "search", arguments: [ArgumentSpec(name: "TEXT", arity: .rest, completion: .freeText)],
        summary: "show the articles matching TEXT (titles and bodies)")

    let text: String

    init(text: String) { self.text = text }

    init(words: [String]) throws(CommandError) {
        guard let text = Self.rest(words) else { throw Self.usage("search for what?") }
        self.text = text
    }

    func run(in session: CommandRunner) {
        session.store.dispatch(SearchArticles(list: session.active, text: text))
        session.showList()
    }
}
