import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Source reducers")
struct SourceReducerTests {
    typealias F = ReducerFixtures

    @Test(
        "AddSource accepts http, https and file URLs",
        arguments: ["https://example.org/feed.xml", "http://example.org/rss", "file:///tmp/feed.xml"])
    func acceptsURL(_ text: String) {
        let id = UUID()
        let state = F.reduce(RssState(), AddSource(url: URL(string: text)!, tags: ["news"], id: id, date: F.date))
        #expect(state.sources.all.map(\.id) == [id])
        #expect(state.sources.all.first?.tags == ["news"])
        #expect(state.notices.items.isEmpty)
    }

    @Test(
        "AddSource refuses other URLs with one clear line",
        arguments: [
            ("ftp://example.org/feed", "unsupported scheme ftp"),
            ("example.org/feed", "not a URL"),
            ("https:///feed", "no host"),
        ])
    func refusesURL(_ text: String, _ reason: String) {
        let state = F.reduce(RssState(), AddSource(url: URL(string: text)!, date: F.date))
        #expect(state.sources.all.isEmpty)
        #expect(state.notices.items.count == 1)
        #expect(state.notices.items.first?.kind == .error)
        #expect(state.notices.items.first?.text.contains(reason) == true)
    }

    @Test("AddSource refuses a URL already followed, and never shows credentials")
    func duplicateAndCredentials() {
        let url = URL(string: "https://user:secret@example.org/feed")!
        let state = F.reduce(RssState(), AddSource(url: url, date: F.date), AddSource(url: url, date: F.date))
        #expect(state.sources.all.count == 1)
        #expect(state.sources.all.first?.title == "example.org")
        #expect(state.notices.items.count == 1)
        #expect(state.notices.items.first?.text.contains("secret") == false)
        #expect(state.notices.items.first?.text.contains("already following") == true)
    }

    @Test("RemoveSource drops it, its counts, and list filters on it; lists reload")
    func remove() {
        var start = F.state()
        start.lists.second.filter.sourceID = F.sourceA
        let state = F.reduce(start, RemoveSource(id: F.sourceA))
        #expect(state.sources.all.map(\.id) == [F.sourceB])
        #expect(state.counts.unread == 1)
        #expect(state.counts.unreadBySource[F.sourceA] == nil)
        #expect(state.lists.second.filter.sourceID == nil)
        #expect(state.lists.first.isLoading && state.lists.second.isLoading)
        #expect(state.lists.first.generation == start.lists.first.generation + 1)
    }

    @Test("SetSourceEnabled flips the flag; sources can be found loosely by name")
    func enableAndFind() {
        let state = F.reduce(F.state(), SetSourceEnabled(id: F.sourceB, isEnabled: false))
        #expect(state.sources[F.sourceB]?.isEnabled == false)
        #expect(state.sources.named("alp")?.id == F.sourceA)
        #expect(state.sources.named("BETA")?.id == F.sourceB)
        #expect(state.sources.named("b.example")?.id == F.sourceB)
        #expect(state.sources.named("gamma") == nil)
    }
}

@Suite("Start reducer")
struct StartReducerTests {
    typealias F = ReducerFixtures

    @Test("a source added before the database was read survives Started")
    func sourceAddedDuringStart() {
        let early = UUID()
        let state = F.reduce(RssState(), AddSource(url: URL(string: "https://early.example/feed")!, id: early, date: F.date))
        let stored = Source(id: F.sourceA, url: URL(string: "https://a.example/feed")!, title: "Alpha", addedAt: F.date)
        let started = F.reduce(state, Started(sources: [stored], settings: Settings(), counts: ArticleCounts()))
        #expect(started.sources.all.map(\.id) == [F.sourceA, early])
        #expect(started.isStarted)
    }
}
