import Foundation
import FrontKit
import ReduxVM
import RssCore

extension CommandRunner {
    func add(_ text: String, tags: [String]) {
        if !text.contains("://"), isDirectory(fileURL(text)) {
            console.error("“\(UserMessage.line(text))” is a directory, not a feed")
            return
        }
        guard let url = feedURL(text) else {
            console.error("“\(UserMessage.line(text))” is neither a feed URL nor an existing file")
            return
        }
        let id = UUID()
        store.dispatch(AddSource(url: url, tags: tags, id: id))
        console.foregroundRefresh = true
        defer { console.foregroundRefresh = false }
        let finished = waiter.until { state in
            guard let source = state.sources[id] else { return true }
            let fetched = source.status.lastSuccess != nil || source.status.lastError != nil
            return fetched && !state.refresh.isRunning && state.listsSettled
        }
        guard let source = state.sources[id] else { return }
        let number = (state.sources.all.firstIndex { $0.id == id } ?? 0) + 1
        console.clearProgress()
        if !finished { console.print("refresh cancelled") }
        console.print("added source \(number): \(UserMessage.line(source.title))")
    }

    /// A URL as typed, or an existing file's path as a file URL.
    func feedURL(_ text: String) -> URL? {
        if text.contains("://") { return URL(string: text) }
        let file = fileURL(text)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        return file
    }

    func setEnabled(_ text: String, _ enabled: Bool) {
        withSource(text) { source in
            store.dispatch(SetSourceEnabled(id: source.id, isEnabled: enabled))
            waiter.until { _ in true }
            console.print("\(enabled ? "enabled" : "disabled") “\(UserMessage.line(source.title))”")
        }
    }

    func refresh(_ text: String?) {
        var ids: [UUID]?
        if let text {
            guard let source = source(named: text) else {
                console.error("no source matches “\(UserMessage.line(text))” (sources lists them)")
                return
            }
            ids = [source.id]
        } else if !state.sources.all.contains(where: \.isEnabled) {
            console.print("nothing to refresh: no enabled source")
            return
        }
        store.dispatch(Refresh(sourceIDs: ids))
        console.foregroundRefresh = true
        defer { console.foregroundRefresh = false }
        let finished = waiter.until { !$0.refresh.isRunning && $0.listsSettled }
        console.clearProgress()
        let refresh = state.refresh
        if finished {
            console.print(
                "refreshed \(refresh.completed) of \(refresh.total) source\(refresh.total == 1 ? "" : "s"), \(refresh.newArticles) new"
            )
        } else {
            store.dispatch(CancelRefresh())
            waiter.processed()
            console.print("refresh cancelled (\(refresh.completed) of \(refresh.total) sources fetched)")
        }
    }

    /// Imports an OPML file; RssCore says what is wrong with the file, if anything.
    func importOPML(_ path: String) {
        let mark = state.notices.nextID
        store.dispatch(ImportOPML(file: fileURL(path)))
        waiter.until { $0.notices.nextID > mark }
    }

    /// Writes the sources as OPML; RssCore refuses what is not a regular file (following a symbolic link)
    /// and says why a write failed.
    func exportOPML(_ path: String?) {
        let mark = state.notices.nextID
        store.dispatch(ExportOPML(file: fileURL(path ?? "rss-reeder.opml")))
        waiter.until { $0.notices.nextID > mark }
    }

    func markAllRead(_ text: String?) {
        guard let text else {
            store.dispatch(MarkAllRead())
            waiter.until { $0.listsSettled }
            console.print("marked every article read")
            return
        }
        withSource(text) { source in
            store.dispatch(MarkAllRead(sourceID: source.id))
            waiter.until { $0.listsSettled }
            console.print("marked every article of “\(UserMessage.line(source.title))” read")
        }
    }
}
