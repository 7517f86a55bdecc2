import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `add URL [TAG…]`: follows a feed and fetches it at once.
struct AddCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "add",
        arguments: [
            ArgumentSpec(name: "URL", arity: .required, completion: .files),
            ArgumentSpec(name: "TAG", arity: .optionalRepeating, completion: .tags),
        ],
        summary: "follow a feed (http, https or file URL, or a file path), filed under tags")

    let url: String
    let tags: [String]

    init(url: String, tags: [String]) {
        self.url = url
        self.tags = tags
    }

    init(words: [String]) throws(CommandError) {
        guard let url = words.first else { throw Self.usage("which feed?") }
        self.init(url: url, tags: Array(words.dropFirst()))
    }

    func run(in session: CommandRunner) {
        let console = session.console
        if !url.contains("://"), session.isDirectory(session.fileURL(url)) {
            console.error("“\(UserMessage.line(url))” is a directory, not a feed")
            return
        }
        guard let feed = session.feedURL(url) else {
            console.error("“\(UserMessage.line(url))” is neither a feed URL nor an existing file")
            return
        }
        let id = UUID()
        session.store.dispatch(AddSource(url: feed, tags: tags, id: id))
        console.foregroundRefresh = true
        defer { console.foregroundRefresh = false }
        let finished = session.waiter.until { state in
            guard let source = state.sources[id] else { return true }
            let fetched = source.status.lastSuccess != nil || source.status.lastError != nil
            return fetched && !state.refresh.isRunning && state.listsSettled
        }
        let state = session.state
        guard let source = state.sources[id] else { return }
        let number = (state.sources.all.firstIndex { $0.id == id } ?? 0) + 1
        console.clearProgress()
        if !finished { console.print("refresh cancelled") }
        console.print("added source \(number): \(UserMessage.line(source.title))")
    }
}
