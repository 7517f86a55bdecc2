import ReduxVM
import RssCore

/// `export [FILE]`: writes the sources as OPML; RssCore refuses what is not a regular file (following a
/// symbolic link) and says why a write failed.
struct ExportCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "export", arguments: [ArgumentSpec(name: "FILE", arity: .optional, completion: .files)],
        summary: "write the sources to an OPML file (default rss-reeder.opml)")

    let path: String?

    init(path: String?) { self.path = path }

    init(words: [String]) throws(CommandError) {
        guard words.count <= 1 else { throw Self.usage("one file at most") }
        path = words.first
    }

    /// Waits for the export's outcome; the notices view prints it, or why not.
    func run(in session: CommandRunner) {
        let ticket = CommandTicket()
        session.store.dispatch(ExportOPML(file: session.fileURL(path ?? "rss-reeder.opml"), ticket: ticket))
        session.waiter.until { $0.outcomes[ticket] != nil }
    }
}
