import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

/// List 1 shows every source (the story once, as A's copy); list 2 shows source B (its copy of the story).
@Suite("Story reducers: a mark on one copy shows on every copy")
struct StoryReducerTests {
    typealias F = ReducerFixtures
    static let story: Int64 = 7
    static let copyInB = UUID(uuidString: "00000000-0000-0000-0000-000000000201")!

    static func state() -> RssState {
        var state = F.state()
        let first = state.lists.first.rows[0]
        state.lists.first.rows[0] = ArticleRow(
            id: first.id, sourceID: F.sourceA, title: first.title, link: nil, author: nil, date: F.date,
            isRead: false, isStarred: false, story: story, otherSources: [F.sourceB])
        state.lists.second.rows = [
            ArticleRow(
                id: copyInB, sourceID: F.sourceB, title: "Copy", link: nil, author: nil, date: F.date, isRead: false,
                isStarred: false, story: story, otherSources: [F.sourceA])
        ]
        return state
    }

    @Test("read and starred on the copy in one list show on the story's row in the other")
    func markOnCopy() {
        let read = F.reduce(Self.state(), SetRead(ids: [Self.copyInB], isRead: true))
        #expect(read.lists.first.rows[0].isRead && read.lists.second.rows[0].isRead)
        #expect(!read.lists.first.rows[1].isRead)
        let starred = F.reduce(Self.state(), SetStarred(id: F.articles[0], isStarred: true))
        #expect(starred.lists.first.rows[0].isStarred && starred.lists.second.rows[0].isStarred)
    }

    @Test("marking one source read shows on its stories' copies in the other list")
    func markAllOfSource() {
        let state = F.reduce(Self.state(), MarkAllRead(sourceID: F.sourceB))
        #expect(state.lists.second.rows[0].isRead)
        #expect(state.lists.first.rows[0].isRead)
        #expect(!state.lists.first.rows[1].isRead)
    }

    @Test("rows read without stories (the setting off) keep a mark to themselves")
    func settingOff() {
        var state = F.state()
        state.lists.second.rows = [
            ArticleRow(
                id: Self.copyInB, sourceID: F.sourceB, title: "Copy", link: nil, author: nil, date: F.date,
                isRead: false, isStarred: false)
        ]
        let read = F.reduce(state, SetRead(ids: [Self.copyInB], isRead: true))
        #expect(!read.lists.first.rows[0].isRead)
    }

    @Test("the totals count each story once while the setting says so, and every copy when it is off")
    func countsFollowTheSetting() {
        var state = Self.state()
        state.counts = ArticleCounts(total: 4, unread: 4, starred: 0, unreadBySource: [F.sourceA: 2, F.sourceB: 2])
        state = F.reduce(state, MarksSaved(change: CountChange(duplicates: StoryDuplicates(total: 1, unread: 1))))
        state = F.reduce(state, ChangeSetting(.showsStoriesOnce(true)))
        #expect(state.counts.total == 3 && state.counts.unread == 3)
        #expect(state.counts.unread(in: F.sourceB) == 2)
        state = F.reduce(state, ChangeSetting(.showsStoriesOnce(false)))
        #expect(state.counts.total == 4 && state.counts.unread == 4)
        #expect(state.lists.first.isLoading)
    }

    @Test("counts and settings of journals from before stories are read with no duplicates, each story once")
    func olderJournals() throws {
        let counts = try JSONDecoder().decode(
            ArticleCounts.self, from: Data(#"{"total":2,"unread":1,"starred":0,"unreadBySource":[]}"#.utf8))
        #expect(counts.total == 2 && counts.duplicates == StoryDuplicates())
        let settings = try JSONDecoder().decode(Settings.self, from: Data(#"{"pageSize":20}"#.utf8))
        #expect(settings.showsStoriesOnce && settings.pageSize == 20 && settings.refreshInterval == nil)
        let change = try JSONDecoder().decode(
            CountChange.self, from: Data(#"{"total":1,"unreadBySource":[],"starred":0}"#.utf8))
        #expect(change == CountChange(total: 1))
        let row = try JSONDecoder().decode(
            ArticleRow.self,
            from: JSONEncoder().encode(
                ArticleRow(id: F.articles[0], sourceID: F.sourceA, title: "t", link: nil, author: nil, date: F.date, isRead: false, isStarred: false)))
        #expect(row.otherSources.isEmpty && row.story == nil)
    }
}
