import ReduxVM
import RssCore

/// `open N`: reads an article through routing, which marks it read.
struct OpenCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "open", arguments: [.articleNumber], summary: "read article N of the last list shown (marks it read)",
        details: CommandSpec.numberDetails)

    let number: Int

    init(number: Int) { self.number = number }

    init(words: [String]) throws(CommandError) {
        number = try Self.articleNumber(words)
    }

    /// `OpenArticle` routes to `showsArticle`, the article view prints what the state then holds; afterwards
    /// the route goes back to the lists, ready for the next `open`.
    func run(in session: CommandRunner) {
        guard let id = session.article(number) else { return }
        let mark = session.state.notices.nextID
        session.store.dispatch(OpenArticle(id: id))
        session.waiter.until { $0.article?.id == id || $0.notices.nextID > mark }
        session.store.dispatch(CloseArticle())
        session.waiter.processed()
    }
}
