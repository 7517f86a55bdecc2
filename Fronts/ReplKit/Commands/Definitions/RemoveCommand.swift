import FrontKit
import ReduxVM
import RssCore

/// `remove SOURCE`: stops following a source and forgets its articles.
struct RemoveCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "remove", arguments: [.source], summary: "stop following a source and forget its articles",
        details: CommandSpec.sourceDetails)

    let source: String

    init(source: String) { self.source = source }

    init(words: [String]) throws(CommandError) {
        source = try Self.requiredSource(words)
    }

    func run(in session: CommandRunner) {
        session.withSource(source) { found in
            session.store.dispatch(RemoveSource(id: found.id))
            session.waiter.until { $0.listsSettled }
            session.console.print("removed “\(UserMessage.line(found.title))”")
        }
    }
}
