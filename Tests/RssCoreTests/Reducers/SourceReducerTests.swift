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
        "AddSource refuses other URLs, saying why",
        arguments: [
            ("ftp://example.org/feed", AddressRefusal.unsupportedScheme("ftp")),
            ("example.org/feed", .notAURL),
            ("https:///feed", .noHost),
        ])
    func refusesURL(_ text: String, _ refusal: AddressRefusal) {
        let state = F.reduce(RssState(), AddSource(url: URL(string: text)!, date: F.date))
        #expect(state.sources.all.isEmpty)
        #expect(state.notices.items.map(\.event) == [.problem(.badAddress(text, refusal))])
        #expect(state.notices.items.first?.kind == .error)
    }

    @Test("AddSource refuses a URL already followed, and never shows credentials")
    func duplicateAndCredentials() {
        let url = URL(string: "https://user:secret@example.org/feed")!
        let state = F.reduce(RssState(), AddSource(url: url, date: F.date), AddSource(url: url, date: F.date))
        #expect(state.sources.all.count == 1)
        #expect(state.sources.all.first?.title == "example.org")
        #expect(state.notices.items.map(\.event) == [.problem(.alreadyFollowing(url, source: state.sources.all[0].id))])
    }

    @Test("RemoveSource drops it and list filters on it; lists reload; its counts go once its articles are deleted")
    func remove() {
        var start = F.state()
        start.lists.second.filter.sourceID = F.sourceA
        let state = F.reduce(start, RemoveSource(id: F.sourceA))
        #expect(state.sources.all.map(\.id) == [F.sourceB])
        let deleted = F.reduce(state, CountsChanged(change: CountChange(total: -2, unreadBySource: [F.sourceA: -2])))
        #expect(deleted.counts.unread == 1)
        #expect(deleted.counts.unreadBySource[F.sourceA] == nil)
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
