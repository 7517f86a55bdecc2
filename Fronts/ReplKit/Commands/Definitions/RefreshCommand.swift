import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `refresh [SOURCE|#TAG]`: fetches every enabled source, one, or the enabled ones of a tag; Ctrl-C cancels.
struct RefreshCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "refresh", arguments: [.optionalSource],
        summary: "fetch every enabled source, one, or those of a #TAG; Ctrl-C cancels",
        details: """
            A refresh you ask for fetches now, whatever the schedules and back-off say (a server's Retry-After \
            is still honoured); the timer fetches each source when it is due (sources shows when, and why). \
            \(CommandSpec.sourceDetails) \(CommandSpec.tagDetails)
            """)

    let source: String?

    init(source: String?) { self.source = source }

    init(words: [String]) throws(CommandError) {
        source = Self.rest(words)
    }

    func run(in session: CommandRunner) {
        let console = session.console
        var ids: [UUID]?
        if let source, source.hasPrefix("#") {
            guard let tag = session.tag(named: source) else { return }
            ids = session.state.sources.tagged(tag).filter(\.isEnabled).map(\.id)
            if ids?.isEmpty == true {
                console.print("nothing to refresh: no enabled source is filed under #\(UserMessage.line(tag))")
                return
            }
        } else if let source {
            guard let found = session.source(named: source) else {
                session.reportNoSource(source)
                return
            }
            ids = [found.id]
        } else if !session.state.sources.all.contains(where: \.isEnabled) {
            console.print("nothing to refresh: no enabled source")
            return
        }
        session.store.dispatch(Refresh(sourceIDs: ids))
        let finished = session.waitInForeground { !$0.refresh.isRunning && $0.listsSettled }
        console.clearProgress()
        let refresh = session.state.refresh
        if finished {
            console.print(
                "refreshed \(refresh.completed) of \(refresh.total) source\(refresh.total == 1 ? "" : "s"), \(refresh.newArticles) new"
            )
        } else {
            session.store.dispatch(CancelRefresh())
            session.waiter.processed()
            console.print("refresh cancelled (\(refresh.completed) of \(refresh.total) sources fetched)")
        }
    }
}
