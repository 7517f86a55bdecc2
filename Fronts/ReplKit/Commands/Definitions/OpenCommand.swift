import ReduxVM
import RssCore

/// `open N [--full]`: reads an article through routing, which marks it read; with `--full`, after fetching its
/// page's full text.
struct OpenCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "open",
        arguments: [.articleNumber, ArgumentSpec(name: "--full", arity: .optional, completion: .choices(["--full"]))],
        summary: "read article N of the last list shown (marks it read); --full fetches its page's full text first",
        details: """
            The article shows the text of its web page when that was fetched (full N, --full, or a source with \
            set-source SOURCE full-text on), else the feed's; its first lines say which. \
            \(CommandSpec.numberDetails)
            """)

    let number: Int
    /// Whether to fetch the page's full text first.
    let full: Bool

    init(number: Int, full: Bool = false) {
        self.number = number
        self.full = full
    }

    init(words: [String]) throws(CommandError) {
        full = words.count == 2 && ["--full", "full"].contains(words[1].lowercased())
        number = try Self.articleNumber(full ? [words[0]] : words)
    }

    func run(in session: CommandRunner) {
        if full {
            session.openWithFullText(number)
        } else if let id = session.article(number) {
            session.open(id)
        }
    }
}
