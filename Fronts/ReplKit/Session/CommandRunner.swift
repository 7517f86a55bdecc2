import Foundation
import LineEditor
import FrontKit
import ReduxVM
import RssCore

/// The session the commands run in: the store, the console, the views and the waiter, with what several
/// commands share (finding a source or an article, file paths, showing the list). What each command does is
/// in its definition (`Commands/Definitions`).
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
        guard let parsed = ReplCommands.parse(line) else { return true }
        switch parsed {
        case .failure(let error):
            console.error(error.description)
            return true
        case .success(let command):
            if type(of: command).endsSession { return false }
            console.commandRunning = true
            defer { console.commandRunning = false }
            // What other processes wrote since the last look is in the state before the command runs.
            waiter.catchUp()
            command.run(in: self)
            console.clearProgress()
            return true
        }
    }

    /// Waits for the active list to load, then prints it.
    func showList() {
        waiter.until { $0.listsSettled }
        views.list.show()
    }

    /// Waits like ``StoreWaiter/until(_:)`` while the user waits in the foreground for a fetch they asked for:
    /// progress is drawn on its own line meanwhile, starting with `progress`, or else with the progress of a
    /// refresh already running (a timed one, or one an import started), at once rather than at that refresh's
    /// next step.
    func waitInForeground(showing progress: String? = nil, until done: (RssState) -> Bool) -> Bool {
        console.foregroundRefresh = true
        defer { console.foregroundRefresh = false }
        if let progress {
            console.showProgress(progress)
        } else {
            views.refresh.redraw()
        }
        return waiter.until(done)
    }

    /// The source `text` names: a number from `sources`, an id, a title or URL (or part of one).
    func source(named text: String) -> Source? {
        let all = state.sources.all
        if let number = Int(text) { return (1...max(1, all.count)).contains(number) && !all.isEmpty ? all[number - 1] : nil }
        if let id = UUID(uuidString: text), let source = state.sources[id] { return source }
        return state.sources.named(text)
    }

    /// Runs `body` with the source `text` names, or says that none matches.
    func withSource(_ text: String, _ body: (Source) -> Void) {
        guard let source = source(named: text) else {
            reportNoSource(text)
            return
        }
        body(source)
    }

    /// The error line for a source name that matches nothing.
    func reportNoSource(_ text: String) {
        console.error("no source matches “\(UserMessage.line(text))” (sources lists them)")
    }

    /// The tag `text` names (`#news`, any case), or nil after an error line saying that no source has it.
    func tag(named text: String) -> String? {
        if let tag = state.sources.tag(named: text) { return tag }
        console.error("no source is filed under “\(UserMessage.line(text))” (sources lists the tags)")
        return nil
    }

    /// A URL as typed, or an existing file's path as a file URL.
    func feedURL(_ text: String) -> URL? {
        if text.contains("://") { return URL(string: text) }
        let file = fileURL(text)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return file
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
