import Foundation
import FrontKit
import ReduxVM
import RssCore

/// `add URL [TAG…]`: follows a feed and fetches it at once; a web page's feeds are found first (one is followed,
/// several are listed for `add N`).
struct AddCommand: ReplCommand, Equatable {
    static let spec = CommandSpec(
        name: "add",
        arguments: [
            ArgumentSpec(name: "URL", arity: .required, completion: .files),
            ArgumentSpec(name: "TAG", arity: .optionalRepeating, completion: .tags),
        ],
        summary: "follow a feed (http, https or file URL, or a file path), filed under tags",
        details: """
            A web page's address works too: the feeds it declares are found (or one at its site's usual \
            addresses, /feed, /rss.xml …). One is followed at once; several are listed, numbered, and add N \
            follows feed N.
            """)

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
        if tags.isEmpty, let number = Int(url), !FileManager.default.fileExists(atPath: session.fileURL(url).path) {
            pick(number, in: session)
            return
        }
        if !url.contains("://"), session.isDirectory(session.fileURL(url)) {
            console.error("“\(UserMessage.line(url))” is a directory, not a feed")
            return
        }
        guard let feed = session.feedURL(url) else {
            console.error("“\(UserMessage.line(url))” is neither a feed URL nor an existing file")
            return
        }
        if ["http", "https"].contains(feed.scheme?.lowercased() ?? "") {
            discover(feed, in: session)
        } else {
            let id = UUID()
            session.store.dispatch(AddSource(url: feed, tags: tags, id: id))
            reportAdded(id, in: session)
        }
    }

    /// Looks for the feeds at a web address: follows the only one (or the address itself when it cannot be
    /// fetched), or lists several.
    private func discover(_ page: URL, in session: CommandRunner) {
        let id = UUID()
        session.store.dispatch(DiscoverFeeds(url: page, tags: tags, id: id))
        let progress = "looking for feeds at \(UserMessage.line(FeedAddress.display(page)))… (Ctrl-C cancels)"
        let finished = session.waitInForeground(showing: progress) { state in
            state.discoveries.first { $0.id == id }?.isSearching != true
        }
        session.console.clearProgress()
        guard finished else {
            session.store.dispatch(CancelDiscovery(id: id))
            session.waiter.processed()
            session.console.print("add cancelled")
            return
        }
        // Refused (a notice said why), or no feed on a page that was read (a notice said so).
        guard let discovery = session.state.discoveries.first(where: { $0.id == id }) else { return }
        switch discovery.phase {
        case .found(let feeds) where feeds.count > 1:
            session.views.discovery.show()
        case .found(let feeds):
            if let feed = feeds.first, feed.origin != .address {
                session.console.print(
                    "found the feed \(UserMessage.line(FeedAddress.display(feed.url))) at "
                        + UserMessage.line(FeedAddress.display(page)))
            }
            reportAdded(id, in: session)
        case .followedAsGiven:
            reportAdded(id, in: session)
        case .searching, .failed:
            return
        }
    }

    /// `add N`: follows feed N of the last discovery.
    private func pick(_ number: Int, in session: CommandRunner) {
        let count = session.state.discovery?.feeds.count ?? 0
        guard count > 0 else {
            session.console.error("no feeds to pick from: add N follows one of the feeds add URL lists")
            return
        }
        guard (1...count).contains(number) else {
            session.console.error("no feed \(number): the last add found \(count) (1–\(count))")
            return
        }
        let id = UUID()
        session.store.dispatch(AddDiscoveredFeed(number: number, id: id))
        reportAdded(id, in: session)
    }

    /// Waits for source `id`'s first fetch (Ctrl-C cancels it) and says it was added; nothing when it was refused,
    /// which a notice said.
    private func reportAdded(_ id: UUID, in session: CommandRunner) {
        let console = session.console
        let finished = session.waitInForeground { state in
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
