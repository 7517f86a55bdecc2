import ReduxVM
import RssCore

/// `star N`: stars an article.
struct StarCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "star", arguments: [.articleNumber], summary: "star article N", details: CommandSpec.numberDetails)

    let number: Int

    init(number: Int) { self.number = number }

    init(words: [String]) throws(CommandError) {
        number = try Self.articleNumber(words)
    }

    func run(in session: CommandRunner) {
        session.star(number, true)
    }
}

extension CommandRunner {
    /// Stars or unstars the article numbered `number`, and says so.
    func star(_ number: Int, _ starred: Bool) {
        guard let id = article(number) else { return }
        store.dispatch(SetStarred(id: id, isStarred: starred))
        waiter.until { $0.listsSettled }
        console.print("\(starred ? "starred" : "unstarred") \(number): \(title(of: id))")
    }
}
