import FeedParser
import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// Tags as a feature on a real store: stored, filtering the lists and the query API in SQL, marking a tag's
/// articles read, and written to OPML as folders and read back.
@Suite("Tags on a real store", .timeLimit(.minutes(5)))
struct TagActivityTests {
    typealias F = ActivityFixtures

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A store with three samples: qemu (dev), research!rsc (dev, go), Scripting News (no tag).
    static func tagged(database: FeedDatabase? = nil) async throws -> (Store<RssState>, qemu: UUID, rsc: UUID, news: UUID) {
        let store = try await F.store(database: database)
        let (qemu, rsc, news) = (UUID(), UUID(), UUID())
        store.dispatch(AddSource(url: F.sample("qemu.atom"), tags: ["dev"], id: qemu, date: F.date))
        store.dispatch(AddSource(url: F.sample("russcox.atom"), id: rsc, date: F.date))
        store.dispatch(AddSource(url: F.sample("scriptingNews.rss"), id: news, date: F.date))
        store.dispatch(TagSource(id: rsc, tags: ["dev", "go"], date: F.date))
        await store.idle()
        return (store, qemu, rsc, news)
    }

    @Test("tags are stored: a new store on the same file reads them back")
    func stored() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        do {
            let (store, qemu, rsc, _) = try await Self.tagged(database: FeedDatabase(location: .file(path: path)))
            store.dispatch(UntagSource(id: rsc, tags: ["dev"], date: F.date))
            store.dispatch(TagSource(id: qemu, tags: ["emulation"], date: F.date))
            await store.idle()
        }
        let reopened = try await F.store(database: FeedDatabase(location: .file(path: path)))
        #expect(reopened.state.sources.all.map(\.tags) == [["dev", "emulation"], ["go"], []])
    }

    @Test("a rename is stored apart from the feed's title: a new store reads it back, a refresh keeps it, a rename back shows the feed's")
    func renameStored() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("db.sqlite").path
        do {
            let (store, qemu, _, _) = try await Self.tagged(database: FeedDatabase(location: .file(path: path)))
            #expect(store.state.sources[qemu]?.title == "QEMU")
            store.dispatch(RenameSource(id: qemu, title: "Emulators", date: F.date))
            store.dispatch(RenameSource(id: UUID(), title: "nobody", date: F.date))
            await store.idle()
            store.dispatch(Refresh(sourceIDs: [qemu]))
            await store.idle()
            #expect(store.state.sources[qemu]?.title == "Emulators")
        }
        let reopened = try await F.store(database: FeedDatabase(location: .file(path: path)))
        let qemu = try #require(reopened.state.sources.all.first)
        #expect(reopened.state.sources.all.map(\.title) == ["Emulators", "research!rsc", "Scripting News"])
        reopened.dispatch(RenameSource(id: qemu.id, title: nil, date: F.date))
        await reopened.idle()
        #expect(reopened.state.sources[qemu.id]?.title == "QEMU")
        let third = try await F.store(database: FeedDatabase(location: .file(path: path)))
        #expect(third.state.sources.all.first?.title == "QEMU")
    }

    @Test("a list filtered by a tag shows its sources' articles, counted and paged in SQL, as the query API does")
    func listAndQueryByTag() async throws {
        let (store, qemu, rsc, _) = try await Self.tagged()
        let counts = store.state.counts
        let devCount = counts.unread(in: qemu) + counts.unread(in: rsc)
        store.dispatch(FilterList(list: .second, filter: ListFilter(tag: "dev")))
        await store.idle()
        let list = store.state.lists.second
        #expect(list.totalCount == devCount)
        #expect(list.rows.allSatisfy { [qemu, rsc].contains($0.sourceID) })
        #expect(store.state.lists.first.totalCount == counts.total)
        #expect(try await store.articleCount(ArticleQuery(tags: ["go"])) == counts.unread(in: rsc))
        #expect(try await store.articleCount(ArticleQuery(tags: ["go", "dev"])) == devCount)
        #expect(try await store.articleCount(ArticleQuery(tags: ["Dev"])) == 0)

        // Untagging reloads the list.
        store.dispatch(UntagSource(id: qemu, tags: ["dev"], date: F.date))
        await store.idle()
        #expect(store.state.lists.second.totalCount == counts.unread(in: rsc))
    }

    @Test("mark-all-read of a tag marks its sources' articles read in the database, and the counts follow")
    func markAllReadOfTag() async throws {
        let (store, qemu, rsc, news) = try await Self.tagged()
        let before = store.state.counts
        store.dispatch(MarkAllRead(tag: "go"))
        await store.idle()
        let after = store.state.counts
        #expect(after.unread(in: rsc) == 0)
        #expect(after.unread(in: qemu) == before.unread(in: qemu))
        #expect(after.unread(in: news) == before.unread(in: news))
        #expect(after.unread == before.unread - before.unread(in: rsc))
        #expect(try await store.articleCount(ArticleQuery(sourceIDs: [rsc], isRead: false)) == 0)
        #expect(try await store.articleCount(ArticleQuery(isRead: false)) == after.unread)
    }

    @Test("OPML: tags are written as folders (a source in each of its tags') and read back as the same tags")
    func opmlRoundTrip() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (store, qemu, _, _) = try await Self.tagged()
        store.dispatch(TagSource(id: qemu, tags: ["a folder, with a comma & more"], date: F.date))
        await store.idle()
        let file = folder.appendingPathComponent("out.opml")
        store.dispatch(ExportOPML(file: file))
        await store.idle()
        #expect(store.state.notices.items.last?.event == .exported(file: file.path, sources: 3))

        let document = try OPMLReader().read(Data(contentsOf: file))
        let folders = document.outlines.filter { !$0.isFeed }
        #expect(folders.map(\.displayName) == ["dev", "a folder, with a comma & more", "go"])
        #expect(folders.map { $0.children.map(\.displayName) } == [["QEMU", "research!rsc"], ["QEMU"], ["research!rsc"]])
        #expect(document.outlines.filter(\.isFeed).map(\.displayName) == ["Scripting News"])

        let copy = try await F.store()
        copy.dispatch(ImportOPML(file: file, date: F.date))
        await copy.idle()
        let tags = { (state: RssState) in
            Dictionary(uniqueKeysWithValues: state.sources.all.map { ($0.url, Set($0.tags)) })
        }
        #expect(tags(copy.state) == tags(store.state))
        #expect(copy.state.sources.all.count == 3)
    }

    @Test("OPML import: nested folders and categories become tags, each once, without line breaks")
    func nestedImport() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = F.sample("qemu.atom").absoluteString
        let other = F.sample("russcox.atom").absoluteString
        let opml = """
            <?xml version="1.0"?><opml version="2.0"><head/><body>
            <outline text="Tech"><outline text="Open&#10;source">
              <outline text="QEMU" xmlUrl="\(feed)" category="/virt,Tech"/></outline></outline>
            <outline text="Later"><outline text="QEMU again" xmlUrl="\(feed)"/></outline>
            <outline text="rsc" xmlUrl="\(other)"/>
            </body></opml>
            """
        let file = folder.appendingPathComponent("in.opml")
        try opml.write(to: file, atomically: true, encoding: .utf8)
        let store = try await F.store()
        store.dispatch(ImportOPML(file: file, date: F.date))
        await store.idle()
        #expect(store.state.sources.all.map(\.tags) == [["Tech", "Open source", "virt", "Later"], []])
    }
}
