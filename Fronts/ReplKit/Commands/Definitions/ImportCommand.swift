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

    /// Waits for the import's outcome; the notices view prints what it did (and what it refused), or why not.
    func run(in session: CommandRunner) {
        let ticket = CommandTicket()
        session.store.dispatch(ImportOPML(file: session.fileURL(path), ticket: ticket))
        session.waiter.until { $0.outcomes[ticket] != nil }
    }
}
