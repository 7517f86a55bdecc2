import ReduxVM
import RssCore

/// `list [unread|starred|all] [SOURCE|#TAG|QUERY]`: the active list, its filter changed in one action.
struct ListCommand: ReplCommand, Equatable {
    /// The marks words `list` understands, the most used first.
    static let marksWords: [String] = [ListFilter.Marks.unread, .starred, .all].map(\.rawValue)

    static let spec = CommandSpec(
        name: "list",
        arguments: [
            ArgumentSpec(name: marksWords.joined(separator: "|"), arity: .optional, completion: .choices(marksWords)),
            ArgumentSpec(name: "SOURCE", arity: .optionalRest, completion: .sourcesAndQueries),
        ],
        summary: "show the active list, filtered by marks and source (or #TAG, or a saved query)",
        details: """
            With no argument the list is shown as it is. A SOURCE alone keeps the marks filter; marks alone show \
            every source. #TAG in place of SOURCE shows the sources filed under that tag (list unread #news); the \
            name of a saved query (query list) shows what it selects (list unread NAME), before any source of \
            that title.
            """)

    let marks: ListFilter.Marks?
    let source: String?

    init(marks: ListFilter.Marks?, source: String?) {
        self.marks = marks
        self.source = source
    }

    init(words: [String]) throws(CommandError) {
        if let first = words.first, let marks = ListFilter.Marks(rawValue: first.lowercased()) {
            self.init(marks: marks, source: Self.rest(Array(words.dropFirst())))
        } else {
            self.init(marks: nil, source: Self.rest(words))
        }
    }

    /// One intent, one action: the new filter is worked out here and dispatched once (`FilterList`), so the
    /// list is read once.
    func run(in session: CommandRunner) {
        let current = session.state.lists[session.active].filter
        var filter = current
        if let source, let query = session.state.rules.query(named: source) {
            filter = ListFilter(marks: marks ?? .all, query: query)
        } else if let source, source.hasPrefix("#") {
            guard let tag = session.tag(named: source) else { return }
            filter.tag = tag
            filter.sourceID = nil
            filter.query = nil
            if let marks { filter.marks = marks }
        } else if let source {
            guard let found = session.source(named: source) else {
                session.reportNoSource(source)
                return
            }
            filter.sourceID = found.id
            filter.tag = nil
            filter.query = nil
            if let marks { filter.marks = marks }
        } else if let marks {
            filter = ListFilter(marks: marks)
        }
        if filter != current { session.store.dispatch(FilterList(list: session.active, filter: filter)) }
        session.showList()
    }
}
