import Foundation
import ReduxVM
import Testing

@testable import RssCore
@testable import RssResources

/// A database's first run: the configured OPML file's feeds are imported when the store creates the
/// database, never again; relative addresses in an OPML file are relative to the file.
@Suite("First-run sources", .timeLimit(.minutes(5)))
struct FirstRunSourcesTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("first-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("feeds"), withIntermediateDirectories: true)
        return url
    }

    static func opml(in folder: URL) throws -> URL {
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Local</title>
            <item><guid>1</guid><title>One</title></item></channel></rss>
            """
        try feed.write(to: folder.appendingPathComponent("feeds/local.rss"), atomically: true, encoding: .utf8)
        let url = folder.appendingPathComponent("start.opml")
        try """
            <opml version="2.0"><body><outline text="Mine">
            <outline type="rss" text="Local" xmlUrl="feeds/local.rss"/>
            <outline type="rss" text="Remote" xmlUrl="http://127.0.0.1:9/feed"/>
            </outline></body></opml>
            """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("a new database starts with the OPML's feeds, relative addresses resolved against the OPML file")
    func newDatabaseImports() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = RssConfiguration(
            database: .file(folder.appendingPathComponent("db.sqlite")), firstRunSources: try Self.opml(in: folder))
        let store = try RssStore.make(configuration)
        await store.idle()
        let sources = store.state.sources.all
        #expect(sources.map(\.url) == [
            folder.appendingPathComponent("feeds/local.rss").standardizedFileURL, URL(string: "http://127.0.0.1:9/feed")!,
        ])
        #expect(sources.allSatisfy { $0.tags == ["Mine"] })
        #expect(store.state.counts.total == 1)
    }

    @Test("an existing database is left alone: removed sources do not come back")
    func existingDatabaseUntouched() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let opml = try Self.opml(in: folder)
        let file = folder.appendingPathComponent("db.sqlite")
        let first = try RssStore.make(RssConfiguration(database: .file(file), firstRunSources: opml))
        await first.idle()
        let removed = try #require(first.state.sources.all.first)
        first.dispatch(RemoveSource(id: removed.id))
        await first.idle()
        let second = try RssStore.make(RssConfiguration(database: .file(file), firstRunSources: opml))
        await second.idle()
        #expect(second.state.sources.all.count == 1)
        #expect(second.state.sources[removed.id] == nil)
    }

    @Test("a database created without first-run sources starts empty")
    func withoutFirstRunSources() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try RssStore.make(RssConfiguration(database: .file(folder.appendingPathComponent("db.sqlite"))))
        await store.idle()
        #expect(store.state.sources.all.isEmpty)
    }

    @Test("the bundled feeds are looked for beside the executable, in PREFIX/share/rss-reeder, then the sources")
    func bundledFeedLocations() throws {
        let candidates = BundledFeeds.candidateDirectories(executable: URL(fileURLWithPath: "/opt/x/bin/rss-repl"))
        #expect(candidates.map(\.path).prefix(2) == ["/opt/x/bin/RssReeder_RssResources.resources", "/opt/x/share/rss-reeder"])
        #expect(candidates.last?.lastPathComponent == "Resources")
        #expect(BundledFeeds.samples.count == BundledFeeds.sampleNames.count)
        let opml = try #require(BundledFeeds.preinstalledOPML)
        let urls = try OPMLSubscriptionList.feedURLs(in: opml)
        #expect(urls.count == 8)
        #expect(Set(urls.filter(\.isFileURL).map(\.lastPathComponent)) == Set(BundledFeeds.sampleNames))
        #expect(urls.filter(\.isFileURL).allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    }
}
