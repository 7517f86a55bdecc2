import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Rename reducer")
struct RenameReducerTests {
    typealias F = ReducerFixtures

    static func fetched(_ title: String, _ state: RssState) -> SourceFetched {
        var outcome = FetchOutcome(status: FetchStatus(lastSuccess: F.date))
        outcome.feedTitle = title
        return SourceFetched(id: F.sourceA, generation: state.refresh.generation, outcome: outcome, date: F.date)
    }

    @Test("a renamed source keeps its name when a fetch brings a new feed title, and a rename to nothing shows that title")
    func renameKeepsAndGivesBack() {
        let start = F.reduce(F.state(), Self.fetched("Feed Title", F.state()))
        let renamed = F.reduce(start, RenameSource(id: F.sourceA, title: "  Mine\nto keep ", date: F.date))
        #expect(renamed.sources[F.sourceA]?.title == "Mine to keep")
        #expect(renamed.sources[F.sourceA]?.customTitle == "Mine to keep")
        let refetched = F.reduce(renamed, Self.fetched("New Feed Title", renamed))
        #expect(refetched.sources[F.sourceA]?.title == "Mine to keep")
        let again = F.reduce(refetched, RenameSource(id: F.sourceA, title: "Second", date: F.date))
        #expect(again.sources[F.sourceA]?.title == "Second")
        for back in [nil, "  "] as [String?] {
            let restored = F.reduce(again, RenameSource(id: F.sourceA, title: back, date: F.date))
            #expect(restored.sources[F.sourceA]?.title == "New Feed Title")
            #expect(restored.sources[F.sourceA]?.customTitle == nil)
            let fetchedAfter = F.reduce(restored, Self.fetched("Newest", restored))
            #expect(fetchedAfter.sources[F.sourceA]?.title == "Newest")
        }
        #expect(again.sources[F.sourceB] == start.sources[F.sourceB])
        #expect(again.notices.items.isEmpty)
    }

    @Test("renaming a source not followed says so")
    func unknownSource() {
        let id = UUID()
        let state = F.reduce(F.state(), RenameSource(id: id, title: "x", date: F.date))
        #expect(state.notices.items.map(\.event) == [.problem(.unknownSource(id))])
        #expect(state.sources == F.state().sources)
    }
}
