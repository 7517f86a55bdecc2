import Foundation
import ReduxVM
import RssCore
import RssResources

// A program that embeds RssCore the way any SwiftPM project would: a reader on a database file of its own,
// two bundled sample feeds (read offline through file://), marks seen in both news lists, routing, search,
// a subscriber, the query API with an article's plain text, and a typed error. CI builds and runs it.

/// A subscriber that prints the unread count each time it changes: what a badge or a prompt would show.
final class UnreadBadge: StoreSubscriber {
    func newState(box: StateBox<RssState>) {
        if box.isInitialDelivery || box.isNew(keyPath: \.counts.unread) {
            print("  [badge] \(box.state.counts.unread) unread")
        }
    }
}

func sample(_ name: String) throws -> URL {
    guard let url = BundledFeeds.samples.first(where: { $0.lastPathComponent == name }) else {
        throw ExampleError.missingSample(name)
    }
    return url
}

enum ExampleError: Error {
    case missingSample(String)
}

/// Opening a device as a database fails with a typed problem: what failed, where and why, as values.
func showATypedError() {
    do {
        _ = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: "/dev/null"))))
    } catch {
        // `error` is an RssProblem: the function says so with `throws(RssProblem)`.
        switch error {
        case .database(let problem) where problem.failure == .file(.notRegularFile):
            print("typed error: \(problem.path) is not a regular file, so it cannot be a database")
        default:
            print("another problem: \(error)")
        }
    }
}

do {
    // 1. A typed error.
    showATypedError()

    // 2. A reader on a database file of our own, with a subscriber.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("embed-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }  // a temporary folder: nothing to report
    let databaseFile = directory.appendingPathComponent("reader.sqlite")
    let store = try RssStore.make(RssConfiguration(database: .file(databaseFile)))
    let badge = UnreadBadge()
    store.subscribe(badge)

    store.dispatch(AddSource(url: try sample("russcox.atom")))
    store.dispatch(AddSource(url: try sample("qemu.atom")))
    await store.idle()
    let state = store.state
    print("sources: \(state.sources.all.map(\.title).joined(separator: ", "))")
    for row in state.lists.first.rows.prefix(3) {
        print("- \(row.title)")
    }

    // 3. Both lists render the same state: a star made through one shows in the other at once.
    store.dispatch(ShowMarks(list: .second, marks: .unread))
    await store.idle()
    let first = store.state.lists.first.rows[0]
    store.dispatch(SetStarred(id: first.id, isStarred: true))
    await store.processed()
    let inSecond = store.state.lists.second.rows.first { $0.id == first.id }
    print("starred in the first list: \(store.state.lists.first.rows[0].isStarred), in the second: \(inSecond?.isStarred ?? false)")

    // 4. Routing: opening an article is a route in the state, which any view follows; it marks the article read.
    store.dispatch(OpenArticle(id: first.id))
    await store.idle()
    if case .showsArticle(let id) = store.state.route, let article = store.state.article, article.id == id {
        print("route shows: \(article.title)")
    }
    store.dispatch(CloseArticle())

    // 5. Search, in the second list.
    store.dispatch(SearchArticles(list: .second, text: "qemu release"))
    await store.idle()
    print("search “qemu release”: \(store.state.lists.second.totalCount) unread articles")

    // 6. The query API: reads without touching the lists, the settings or the marks.
    let unread = try await store.articles(ArticleQuery(isRead: false, limit: 3))
    for article in unread {
        print("- unread: \(article.title) (\(article.date.formatted(date: .abbreviated, time: .omitted)))")
    }
    let total = try await store.articleCount(ArticleQuery(isRead: false))
    print("unread in all: \(total)")
    if let id = unread.first?.id, let article = try await store.article(id: id), let body = article.body {
        let text = body.plainText(width: 60).split(separator: "\n", omittingEmptySubsequences: false)
        print("the first one, as text (\(text.count) lines; still unread: \(!article.isRead)):")
        for line in text.prefix(4) { print("  | \(line)") }
    }

    // 7. A second store on the same file sees what the first one stored.
    let reopened = try RssStore.make(RssConfiguration(database: .file(databaseFile)))
    await reopened.idle()
    print("reopened: \(reopened.state.sources.all.count) sources, \(reopened.state.counts.starred) starred")
    withExtendedLifetime(badge) {}
} catch {
    print("error: \(error)")
    exit(1)
}
