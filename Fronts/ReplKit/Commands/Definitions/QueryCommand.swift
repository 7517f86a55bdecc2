import FrontKit
import ReduxVM
import RssCore

/// `query save|list|remove …`: filters kept under a name, which `list NAME` shows.
struct QueryCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "query",
        arguments: [
            ArgumentSpec(name: "save|list|remove", arity: .required, completion: .choices(Step.words)),
            ArgumentSpec(name: "NAME", arity: .optional, completion: .queryNames),
            ArgumentSpec(name: "EXPR", arity: .optionalRest, completion: .freeText),
        ],
        summary: "saved queries: save NAME EXPR, then list NAME shows them",
        details: """
            query save NAME EXPR keeps the filter EXPR (docs/filters.md) under NAME, replacing the query of that \
            name; list NAME then shows the articles it selects, in either list (list unread NAME: the unread \
            ones). query list shows the saved queries, query remove NAME removes one. export writes them to the \
            OPML file and import reads them back.
            """)

    /// What was asked.
    enum Step: Equatable {
        case save(name: String, filter: ArticleFilter)
        case list
        case remove(name: String)

        static let words = ["save", "list", "remove"]
    }

    let step: Step

    init(step: Step) {
        self.step = step
    }

    init(words: [String]) throws(CommandError) {
        try self.init(words: words, typed: words.joined(separator: " "))
    }

    init(words: [String], typed: String) throws(CommandError) {
        guard let first = words.first else { throw Self.usage("save, list or remove?") }
        switch first.lowercased() {
        case "list":
            try Self.expectNoWords(Array(words.dropFirst()))
            step = .list
        case "remove":
            guard words.count == 2 else { throw Self.usage(words.count < 2 ? "which query?" : "one name expected") }
            step = .remove(name: try Self.ruleName(words[1]))
        case "save":
            guard words.count >= 3 else { throw Self.usage(words.count < 2 ? "which name?" : "which expression?") }
            step = .save(name: try Self.ruleName(words[1]), filter: try Self.filter(TypedText.dropping(2, from: typed)))
        default: throw Self.usage("“\(first)”: save, list or remove?")
        }
    }

    func run(in session: CommandRunner) {
        switch step {
        case .list: session.listQueries()
        case .save(let name, let filter):
            session.store.dispatch(SaveQuery(SavedQuery(name: name, filter: filter)))
            session.waiter.processed()
            session.console.print("saved query \(UserMessage.line(name)) (list \(UserMessage.line(name)) shows it)")
        case .remove(let name):
            guard let query = session.knownQuery(name) else { return }
            session.store.dispatch(RemoveQuery(name: query.name))
            session.waiter.processed()
            session.console.print("removed query \(UserMessage.line(query.name))")
        }
    }
}
