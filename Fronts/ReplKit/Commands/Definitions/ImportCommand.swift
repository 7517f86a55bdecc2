import ReduxVM
import RssCore

/// `import FILE`: follows the feeds of an OPML file; RssCore says what is wrong with the file, if anything.
struct ImportCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "import", arguments: [ArgumentSpec(name: "FILE", arity: .required, completion: .files)],
        summary: "follow the feeds of an OPML file")

    let path: String

    init(path: String) { self.path = path }

    init(words: [String]) throws(CommandError) {
        guard words.count == 1 else { throw Self.usage("one file expected") }
        path = words[0]
    }

    func run(in session: CommandRunner) {
        let mark = session.state.notices.nextID
        session.store.dispatch(ImportOPML(file: session.fileURL(path)))
        session.waiter.until { $0.notices.nextID > mark }
    }
}
