import ReduxVM
import RssCore

/// `full N`: fetches article N's web page now, then reads the article with the text extracted from it.
struct FullCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "full", arguments: [.articleNumber],
        summary: "fetch article N's web page now and read its full text (marks it read)",
        details: """
            The same as open N --full. The page is fetched whatever the feed carries (conditionally when its \
            text is stored already), its article extracted and stored, so that search finds it and it reads \
            offline. The article's first lines say which text is shown: the page's (full text from HOST, \
            fetched DATE), or, when the page gave none, the feed's (feed content or feed summary) after the \
            reason. set-source SOURCE full-text on does this for a source's new articles. \
            \(CommandSpec.numberDetails)
            """)

    let number: Int

    init(number: Int) { self.number = number }

    init(words: [String]) throws(CommandError) {
        number = try Self.articleNumber(words)
    }

    func run(in session: CommandRunner) {
        session.openWithFullText(number)
    }
}
