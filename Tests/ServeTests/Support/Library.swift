import Foundation
import RssCore
import Testing
import ReduxVM
import NIOHTTP1

/// The library most end-to-end tests serve: "big" (1,200 items, tag "tech") and "small" (5 items, no tag).
enum Library {
    static let bigCount = 1_200
    static let smallCount = 5

    /// Writes both feeds into `directory` and follows them in the database at `path`.
    static func prepare(_ path: String) async throws {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let big = try TestFeeds.write("big", items: bigCount, in: directory)
        let small = try TestFeeds.write("small", items: smallCount, in: directory)
        try await TestFeeds.follow([(big, ["tech"]), (small, [])], database: path)
    }

    /// The articles of the database at `path`, read by another store (as another front would).
    static func articles(_ path: String, _ query: ArticleQuery = ArticleQuery()) async throws -> [ArticleSnapshot] {
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
        await store.idle()
        let articles = try await store.articles(query)
        try await store.closeDatabase()
        return articles
    }

    /// The sources of the database at `path`, read by another store.
    static func sources(_ path: String) async throws -> [Source] {
        let store = try RssStore.make(RssConfiguration(database: .file(URL(fileURLWithPath: path))))
        await store.idle()
        let sources = store.state.sources.all
        try await store.closeDatabase()
        return sources
    }

    /// Waits up to `seconds` for `condition` on the database's articles (a client that sends its marks in the
    /// background, as newsboat's Miniflux mode does); returns the last articles read.
    static func waitFor(
        _ path: String, seconds: Double = 20, _ condition: ([ArticleSnapshot]) -> Bool
    ) async throws -> [ArticleSnapshot] {
        let deadline = Date().addingTimeInterval(seconds)
        var found = try await articles(path)
        while !condition(found) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(100))
            found = try await articles(path)
        }
        return found
    }
}
