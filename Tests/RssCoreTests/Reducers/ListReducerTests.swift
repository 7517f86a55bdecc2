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
        #expect(state.lists.first.page == 0)
        #expect(state.lists.first.isLoading)
        #expect(state.lists.first.generation == start.lists.first.generation + 4)
        #expect(state.lists.second == start.lists.second)
        #expect(F.reduce(state, SearchArticles(list: .first, text: " ")).lists.first.filter.searchText == nil)
    }

    @Test("a page loaded for an older query is ignored")
    func staleLoadIgnored() {
        let asked = F.reduce(F.state(), ShowMarks(list: .second, marks: .starred))
        let generation = asked.lists.second.generation
        let stale = F.reduce(asked, ListLoaded(list: .second, generation: generation - 1, rows: [], totalCount: 0))
        #expect(stale.lists.second.rows.count == 3)
        #expect(stale.lists.second.isLoading)
        let fresh = F.reduce(asked, ListLoaded(list: .second, generation: generation, rows: [], totalCount: 0))
        #expect(fresh.lists.second.rows.isEmpty)
        #expect(!fresh.lists.second.isLoading)
    }

    @Test("paging is clamped to the pages that exist")
    func paging() {
        var start = F.state()
        start.settings.pageSize = 2
        start.lists.first.totalCount = 5
        let next = F.reduce(start, ShowPage(list: .first, move: .next))
        #expect(next.lists.first.page == 1)
        var loaded = next
        loaded.lists.first.isLoading = false
        let last = F.reduce(loaded, ShowPage(list: .first, move: .next))
        #expect(last.lists.first.page == 2)
        loaded = last
        loaded.lists.first.isLoading = false
        let beyond = F.reduce(loaded, ShowPage(list: .first, move: .next))
        #expect(beyond.lists.first.generation == loaded.lists.first.generation)
        let back = F.reduce(loaded, ShowPage(list: .first, move: .number(-4)))
        #expect(back.lists.first.page == 0)
    }

    @Test("a move made while the list loads is clamped when the page count arrives, as if it had waited")
    func pagingWhileLoading() {
        var start = F.state()
        start.settings.pageSize = 2
        start.lists.first.totalCount = 1  // the old filter's count: one page
        let filtered = F.reduce(start, ShowMarks(list: .first, marks: .unread))
        let moved = F.reduce(filtered, ShowPage(list: .first, move: .number(7)))
        #expect(moved.lists.first.page == 7)
        // The new filter matches five articles: three pages; the load clamps to the last and reads it.
        let rows = Array(F.state().lists.first.rows.prefix(2))
        let loaded = F.reduce(
            moved, ListLoaded(list: .first, generation: moved.lists.first.generation, rows: rows, totalCount: 5))
        #expect(loaded.lists.first.page == 2)
        #expect(loaded.lists.first.isLoading)
    }

    @Test("switch flips the active list")
    func switchList() {
        let state = F.reduce(F.state(), SwitchList())
        #expect(state.lists.active == .second)
        #expect(F.reduce(state, SwitchList()).lists.active == .first)
    }
}
