import FrontKit
import ReduxVM
import RssCore

/// `mark-all-read [SOURCE|#TAG]`: every article read, of one source, of a tag's sources, or of all.
struct MarkAllReadCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "mark-all-read", arguments: [.optionalSource],
        summary: "mark every article read, of one source, of a #TAG, or of all",
        details: CommandSpec.sourceDetails + " " + CommandSpec.tagDetails)

    let source: String?

    init(source: String?) { self.source = source }

    init(words: [String]) throws(CommandError) {
        source = Self.rest(words)
    }

    func run(in session: CommandRunner) {
        guard let source else {
            session.store.dispatch(MarkAllRead())
            session.waiter.until { $0.listsSettled }
            session.console.print("marked every article read")
            return
        }
        if source.hasPrefix("#") {
            guard let tag = session.tag(named: source) else { return }
            session.store.dispatch(MarkAllRead(tag: tag))
            session.waiter.until { $0.listsSettled }
            session.console.print("marked every article of the sources filed under #\(UserMessage.line(tag)) read")
            return
        }
        session.withSource(source) { found in
            session.store.dispatch(MarkAllRead(sourceID: found.id))
            session.waiter.until { $0.listsSettled }
            session.console.print("marked every article of “\(UserMessage.line(found.title))” read")
        }
    }
}
