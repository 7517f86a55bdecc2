import Foundation
import FrontKit
import ReduxVM
import RssCore
import RssResources

/// A subscriber: prints the unread count each time it changes, as a badge or a prompt would show it.
final class UnreadBadge: StoreSubscriber {
    func newState(box: StateBox<RssState>) {
        if box.isInitialDelivery || box.isNew(keyPath: \.counts.unread) {
            print("[badge] \(box.state.counts.unread) unread")
        }
    }
}

@main
struct MyReader {
    static func main() async {
        // A typed problem: a device is no database. `RssStore.make` says so with `throws(RssProblem)`.
        do {
            _ = try RssStore.make(RssConfiguration(database: .file(URL(filePath: "/dev/null"))))
        } catch {
            print("problem: \(ProblemText.message(error, sources: SourcesState()))")
        }

        let folder = FileManager.default.temporaryDirectory.appending(path: "my-reader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            // A reader on a database file of its own (`.standard` is the fronts' shared one), with a subscriber.
            let store = try RssStore.make(RssConfiguration(database: .file(folder.appending(path: "reader.sqlite"))))
            let badge = UnreadBadge()
            store.subscribe(badge)

            // Follow two bundled sample feeds (read offline) and wait until they are fetched and stored.
            for feed in BundledFeeds.samples.prefix(2) { store.dispatch(AddSource(url: feed)) }
            await store.idle()
            // A failed fetch does not throw: it is posted as a notice holding a typed problem.
            for problem in store.state.notices.items.compactMap(\.problem) {
                print("problem: \(ProblemText.message(problem, sources: store.state.sources))")
            }

            // Two lists render one state: a star made through the first shows in the second at once.
            store.dispatch(ShowMarks(list: .second, marks: .unread))
            await store.idle()
            guard let first = store.state.lists.first.rows.first else { return print("no article") }
            store.dispatch(SetStarred(id: first.id, isStarred: true))
            await store.idle()
            let inSecond = store.state.lists.second.rows.first { $0.id == first.id }
            print("starred: \(first.title) (the second list agrees: \(inSecond?.isStarred == true))")

            // Routing: opening an article is a route in the state, which any view follows; it marks it read.
            store.dispatch(OpenArticle(id: first.id))
            await store.idle()
            if case .showsArticle = store.state.route, let article = store.state.article {
                print("showing: \(article.title)")
            }
            store.dispatch(CloseArticle())

            // The query API reads without touching the lists, the settings or the marks.
            for article in try await store.articles(ArticleQuery(isRead: false, limit: 5)) {
                print("\(article.date.formatted(.iso8601.year().month().day()))  \(article.title)")
            }
            let search = try await store.articleCount(ArticleQuery(searchText: "release"))
            print("articles about “release”: \(search)")
            if let article = try await store.article(id: first.id), let body = article.body {
                print(body.plainText(width: 72).split(separator: "\n").prefix(3).joined(separator: "\n"))
            }
            withExtendedLifetime(badge) {}
        } catch {
            print("problem: \(ProblemText.message(error, sources: SourcesState()))")
            exit(ExitStatus.cannotRead)
        }
    }
}
