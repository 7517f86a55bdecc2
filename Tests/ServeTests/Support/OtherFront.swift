import Foundation
import ReduxVM
import RssCore

/// Another front on a test's database, as rss-repl would be beside the server: a store of its own on the
/// file, changed only through RssCore's actions.
enum OtherFront {
    /// Opens a store on the database at `path`, lets `work` change it, waits until its work is written, and
    /// closes it.
    static func change(_ path: String, _ work: (Store<RssState>) async throws -> Void) async throws {
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
        await store.idle()
        try await work(store)
        await store.idle()
        try await store.closeDatabase()
    }

    /// The stored article called `title`.
    static func article(_ store: Store<RssState>, titled title: String) async throws -> ArticleSnapshot {
        guard let article = try await store.articles(ArticleQuery()).first(where: { $0.title == title }) else {
            throw ServeProblem("no article called \(title)")
        }
        return article
    }

    /// The followed source called `title`.
    static func source(_ store: Store<RssState>, titled title: String) throws -> Source {
        guard let source = store.state.sources.all.first(where: { $0.title == title }) else {
            throw ServeProblem("no source called \(title)")
        }
        return source
    }
}
