import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("List reducers")
struct ListReducerTests {
    typealias F = ReducerFixtures

    @Test("filters change one list only, from its first page, and ask for a reload")
    func filtersAreIndependent() {
        var start = F.state()
        start.lists.first.page = 2
        let state = F.reduce(
            start, ShowMarks(list: .first, marks: .unread), ShowSource(list: .first, sourceID: F.sourceB),
            SearchArticles(list: .first, text: "  swift  "), SortList(list: .first, sort: .oldestFirst))
        #expect(state.lists.first.filter == ListFilter(marks: .unread, sourceID: F.sourceB, searchText: "swift"))
        #expect(state.lists.first.sort == .oldestFirst)
        #expect(state.lists.first.pageRequest == .first)
        #expect(state.lists.first.isLoading)
        #expect(state.lists.first.generation == start.lists.first.generation + 4)
        #expect(state.lists.second == start.lists.second)
        #expect(F.reduce(state, SearchArticles(list: .first, text: " ")).lists.first.filter.searchText == nil)
    }

    @Test("a page loaded for an older query is ignored")
    func staleLoadIgnored() {
        let asked = F.reduce(F.state(), ShowMarks(list: .second, marks: .starred))
        let generation = asked.lists.second.generation
        let stale = F.reduce(asked, ListLoaded(list: .second, generation: generation - 1, page: 0, rows: [], totalCount: 0))
        #expect(stale.lists.second.rows.count == 3)
        #expect(stale.lists.second.isLoading)
        let fresh = F.reduce(asked, ListLoaded(list: .second, generation: generation, page: 0, rows: [], totalCount: 0))
        #expect(fresh.lists.second.rows.isEmpty)
        #expect(!fresh.lists.second.isLoading)
    }

    @Test("a page move asks the read to resolve it; the list shows the page the read returned")
    func paging() {
        let start = F.state()
        let next = F.reduce(start, ShowPage(list: .first, move: .next))
        #expect(next.lists.first.isLoading && next.lists.first.pageRequest == .move(.next))
        #expect(next.lists.first.page == 0)
        let rows = Array(F.state().lists.first.rows.prefix(1))
        let loaded = F.reduce(
            next, ListLoaded(list: .first, generation: next.lists.first.generation, page: 2, rows: rows, totalCount: 5))
        #expect(loaded.lists.first.page == 2)
        #expect(!loaded.lists.first.isLoading)
        // A filter change asks for the first page, a reload for the page shown.
        #expect(F.reduce(loaded, ShowMarks(list: .first, marks: .unread)).lists.first.pageRequest == .first)
        #expect(F.reduce(loaded, SortList(list: .first, sort: .oldestFirst)).lists.first.pageRequest == .first)
    }

    @Test("a page request resolves from the previous read's page", arguments: [
        (PageRequest.first, 3, 0), (.same, 3, 3), (.move(.next), 3, 4), (.move(.previous), 3, 2),
        (.move(.previous), 0, 0), (.move(.number(7)), 3, 7), (.move(.number(-2)), 3, 0),
    ])
    func pageRequests(request: PageRequest, previous: Int, page: Int) {
        #expect(request.page(after: previous) == page)
    }

    @Test("switch flips the active list")
    func switchList() {
        let state = F.reduce(F.state(), SwitchList())
        #expect(state.lists.active == .second)
        #expect(F.reduce(state, SwitchList()).lists.active == .first)
    }
}
