import Foundation
import LineEditor
import FrontKit
import ReduxVM
import RssCore

/// Runs parsed commands: dispatches RssCore's actions, waits for the store, and asks the views to show.
final class CommandRunner {
    let store: Store<RssState>
    let console: Console
    let views: ReplViews
    let waiter: StoreWaiter

    init(store: Store<RssState>, console: Console, views: ReplViews, waiter: StoreWaiter) {
        self.store = store
        self.console = console
        self.views = views
        self.waiter = waiter
    }

    var state: RssState { store.state }
    var active: ListID { store.state.lists.active }

    /// Runs one typed line; returns false when the session should end.
    func run(line: String) -> Bool {
        _ = waiter.interrupts.take()
        guard let parsed = ReplCommand.parse(line) else { return true }
        switch parsed {
        case .failure(let error):
            console.error(error.description)
            return true
        case .success(.quit):
            return false
        case .success(let command):
            run(command)
            console.clearProgress()
            return true
        }
    }

    func run(_ command: ReplCommand) {
        switch command {
        case .help(let topic): help(topic)
        case .sources:
            waiter.processed()
            views.sources.show()
        case .add(let url, let tags): add(url, tags: tags)
        case .remove(let text): withSource(text) { source in
            store.dispatch(RemoveSource(id: source.id))
            waiter.until { $0.listsSettled }
            console.print("removed “\(UserMessage.line(source.title))”")
        }
        case .enable(let text): setEnabled(text, true)
        case .disable(let text): setEnabled(text, false)
        case .refresh(let text): refresh(text)
        case .list(let marks, let source): list(marks: marks, source: source)
        case .next: page(.next)
        case .prev: page(.previous)
        case .open(let number): open(number)
        case .star(let number): star(number, true)
        case .unstar(let number): star(number, false)
        case .read(let numbers): markRead(numbers, true)
        case .unread(let numbers): markRead(numbers, false)
        case .markAllRead(let text): markAllRead(text)
        case .search(let text):
            store.dispatch(SearchArticles(list: active, text: text))
            showList()
        case .importOPML(let path): importOPML(path)
        case .exportOPML(let path): exportOPML(path)
        case .switchList:
            store.dispatch(SwitchList())
            showList()
        case .set(let key, let value): set(key, value)
        case .showSettings: showSettings()
        case .quit: break
        }
    }

    /// Waits for the active list to load, then prints it.
    func showList() {
        waiter.until { $0.listsSettled }
        views.list.show()
    }

    /// The source `text` names: a number from `sources`, an id, a title or URL (or part of one).
    func source(named text: String) -> Source? {
        let all = state.sources.all
        if let number = Int(text) { return (1...max(1, all.count)).contains(number) && !all.isEmpty ? all[number - 1] : nil }
        if let id = UUID(uuidString: text), let source = state.sources[id] { return source }
        return state.sources.named(text)
    }

    func withSource(_ text: String, _ body: (Source) -> Void) {
        guard let source = source(named: text) else {
            console.error("no source matches “\(UserMessage.line(text))” (sources lists them)")
            return
        }
        body(source)
    }

    /// The article numbered `number` in the last list printed, or an error line.
    func article(_ number: Int) -> UUID? {
        if let id = views.list.article(numbered: number) { return id }
        if let range = views.list.printedRange {
            console.error("no article \(number) in the last list shown (\(range.lowerBound)–\(range.upperBound))")
        } else {
            console.error("no article \(number): show a list first (list)")
        }
        return nil
    }

    /// The title of article `id` as the views know it.
    func title(of id: UUID) -> String {
        let rows = state.lists.first.rows + state.lists.second.rows
        return UserMessage.line(rows.first { $0.id == id }?.title ?? "article")
    }

    /// `~/x` (with `$HOME`, as a shell does and as Tab completed it) and relative paths made absolute.
    func fileURL(_ path: String) -> URL {
        let expanded = path.hasPrefix("~/") ? XDGDirectories().home.path + "/" + path.dropFirst(2) : path
        return URL(fileURLWithPath: expanded).standardizedFileURL
    }

    /// Whether `url` names an existing directory (which no command reads or writes as a file).
    func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
