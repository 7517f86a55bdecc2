import Foundation
import RssCore
import RssResources

// Build a reader on a private in-memory database, follow one of the bundled sample feeds (read offline
// through file://), wait until it has been fetched and stored, and print what the first news list shows.
do {
    let store = try RssStore.make(RssConfiguration(database: .inMemory))
    guard let feed = BundledFeeds.samples.first(where: { $0.lastPathComponent == "russcox.atom" }) else {
        print("error: the bundled sample feeds are missing")
        exit(1)
    }
    store.dispatch(AddSource(url: feed))
    await store.idle()

    let state = store.state
    print("\(state.sources.all.map(\.title).joined(separator: ", ")): \(state.counts.unread) unread")
    for row in state.lists.first.rows {
        print("- \(row.title)")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
