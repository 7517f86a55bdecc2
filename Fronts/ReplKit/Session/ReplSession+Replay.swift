import Foundation
import FrontKit
import LineEditor
import ReduxVM
import RssCore

extension ReplSession {
    /// Rebuilds the state the session recorded in `path` ended in (RssCore's reducers alone: no database, no
    /// network) and prints it with the session's own views, so that it reads exactly as the session showed
    /// it: the counts, the sources, both lists with their marks, the open article. Returns the exit status.
    public static func replay(journal path: String) -> Int32 {
        let url = URL(fileURLWithPath: path)
        let state: RssState
        do throws(JournalError) {
            state = try RssJournal.replay(contentsOf: url)
        } catch {
            reportError(error.description)
            return ExitStatus.status(for: error)
        }
        let editor: LineEditor
        do {
            editor = try LineEditor(LineEditor.Configuration(prompt: "", programName: "rss-repl"))
        } catch {
            reportError(error.description)
            return 2
        }
        let console = Console(editor: editor, environment: ProcessInfo.processInfo.environment)
        // A store with no services: the replayed state, presented; a switch of lists is a reducer only.
        let store = Store(state: state)
        let views = ReplViews(console: console, store: store)
        let waiter = StoreWaiter(store: store, editor: editor, interrupts: InterruptFlag(), waitsForIdle: true)
        waiter.processed()
        let counts = state.counts
        console.print(
            "replayed \(url.lastPathComponent): \(state.sources.all.count) sources, \(counts.total) articles, "
                + "\(counts.unread) unread, \(counts.starred) starred")
        views.sources.show()
        // List 1, then list 2: the views show the active list, so switch to each in turn, and back.
        let active = state.lists.active
        for list in ListID.allCases {
            if store.state.lists.active != list {
                store.dispatch(SwitchList())
                waiter.processed()
            }
            views.list.show()
        }
        console.print("active list: \(active == .first ? 1 : 2)")
        if case .showsArticle = state.route, let article = state.article {
            console.print("open article: \(UserMessage.line(article.title))")
        }
        let unseen = state.notices.items.count
        if unseen > 0 { console.print("\(unseen) notice\(unseen == 1 ? "" : "s") not dismissed") }
        do {
            try editor.close()
        } catch {
            reportError(error.description)
        }
        return 0
    }
}
