import Foundation
import ReduxVM
import RssResources
import Testing

@_spi(Benchmarks) @testable import RssCore

/// A reader's journal holds every action, internal ones too, so that replay through the reducers alone
/// reaches the state the live store reached.
@Suite("Reader journal and replay", .timeLimit(.minutes(5)))
struct RssJournalTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a broad session replays to a state equal to the live store's")
    func replayEqualsLiveState() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("session.jsonl")
        let journal = try RssJournal.create(at: url, writer: "tests")
        let store = try RssStore.make(RssConfiguration(database: .inMemory, journal: journal))
        await store.idle()
        for name in ["qemu.atom", "russcox.atom", "theomnishow.rss"] {
            store.dispatch(AddSource(url: BundledFeeds.samples.first { $0.lastPathComponent == name }!, tags: ["t"]))
        }
        store.dispatch(AddSource(url: folder.appendingPathComponent("missing.rss")))
        await store.idle()
        store.dispatch(Refresh())
        store.dispatch(ChangeSetting(.pageSize(4)))
        await store.idle()
        let rows = store.state.lists.first.rows
        store.dispatch(SetStarred(id: rows[0].id, isStarred: true))
        store.dispatch(SetRead(ids: [rows[1].id, rows[2].id], isRead: true))
        store.dispatch(OpenArticle(id: rows[3].id))
        await store.idle()
        store.dispatch(CloseArticle())
        store.dispatch(FilterList(list: .second, filter: ListFilter(marks: .unread, sourceID: rows[0].sourceID)))
        store.dispatch(SortList(list: .first, sort: .title))
        store.dispatch(ShowPage(list: .first, move: .next))
        store.dispatch(SearchArticles(list: .second, text: "release"))
        store.dispatch(SwitchList())
        store.dispatch(ExportOPML(file: folder.appendingPathComponent("out.opml")))
        await store.idle()
        store.dispatch(RemoveSource(id: rows[0].sourceID))
        store.dispatch(MarkAllRead())
        store.dispatch(ImportOPML(file: folder.appendingPathComponent("out.opml")))
        store.dispatch(ImportOPML(file: folder.appendingPathComponent("none.opml")))
        await store.idle()
        store.dispatch(DismissNotices(throughID: store.state.notices.nextID - 2))
        await store.idle()
        journal.close()
        #expect(journal.failure == nil)

        let replayed = try RssJournal.replay(contentsOf: url)
        #expect(replayed == store.state)
        #expect(replayed.sources.all.count == 4)
        #expect(replayed.counts.total > 0)
        // Internal actions are recorded, with their payloads: the journal holds what the database gave.
        let text = try String(contentsOf: url, encoding: .utf8)
        for name in ["RssCore.Started", "RssCore.ListLoaded", "RssCore.SourceFetched", "RssCore.ArticleLoaded",
            "RssCore.MarksSaved", "RssCore.CountsChanged", "RssCore.SourcesImported", "RssCore.OPMLExported",
            "RssCore.ProblemOccurred"]
        {
            #expect(text.contains("\"\(name)\""), "\(name) not recorded")
        }
        #expect(!text.contains("unrecorded"))
    }

    @Test("every action type RssCore declares is registered for replay")
    func registryIsComplete() throws {
        let actions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Core/RssCore")
        var declared = Set<String>()
        let files = FileManager.default.enumerator(at: actions, includingPropertiesForKeys: nil)!
        let pattern = try Regex(#"struct (\w+): [^{]*\bJournaledAction\b"#)
        let anyAction = try Regex(#"struct (\w+): [^{]*\bAction\b"#)
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) { declared.insert("RssCore." + String(match.output[1].substring!)) }
            // A plain `Action` would not be journaled: replay would stop at it.
            #expect(text.matches(of: anyAction).isEmpty, "\(file.lastPathComponent) declares an action that is not journaled")
        }
        #expect(declared.count >= 31)
        #expect(RssJournal.registry.names == declared)
    }

    @Test("the format line comes first; another format or a newer version is refused")
    func formatLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("j.jsonl")
        let journal = try RssJournal.create(at: url, writer: "rss-repl \(ProgramVersion.current)")
        journal.close()
        let first = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first.map(String.init)
        #expect(first == #"{"format":"rss-reeder-journal","version":1,"writer":"rss-repl \#(ProgramVersion.current)"}"#)
        #expect(try RssJournal.replay(contentsOf: url) == RssState())
        try Data(#"{"format":"rss-reeder-journal","version":7,"writer":"rss-repl 9.0.0"}"#.utf8).write(to: url)
        #expect(throws: JournalError.newerVersion(found: 7, supported: 1, writer: "rss-repl 9.0.0")) {
            try RssJournal.replay(contentsOf: url)
        }
        try Data("<opml/>\n".utf8).write(to: url)
        #expect(throws: JournalError.notAJournal(path: url.path, expected: "rss-reeder-journal")) {
            try RssJournal.replay(contentsOf: url)
        }
    }
}
