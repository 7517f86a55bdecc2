import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Mark reducers: both lists agree")
struct MarkReducerTests {
    typealias F = ReducerFixtures

    @Test("marking read through one list shows in the other list and the counts at once")
    func readShowsInBothLists() {
        let id = F.articles[0]
        let state = F.reduce(F.state(), SetRead(ids: [id], isRead: true))
        #expect(state.lists.first.rows[0].isRead)
        #expect(state.lists.second.rows[0].isRead)
        #expect(state.counts.unread == 2)
        #expect(state.counts.unread(in: F.sourceA) == 1)
    }

    @Test("marking read twice counts once; unread restores the count")
    func countsFollowRealChanges() {
        let id = F.articles[2]
        let read = F.reduce(F.state(), SetRead(ids: [id, id], isRead: true), SetRead(ids: [id], isRead: true))
        #expect(read.counts.unread == 2)
        #expect(read.counts.unread(in: F.sourceB) == 0)
        let unread = F.reduce(read, SetRead(ids: [id], isRead: false))
        #expect(unread.counts.unread == 3)
        #expect(unread.counts.unread(in: F.sourceB) == 1)
    }

    @Test("starring shows in both lists and the open article")
    func starring() {
        var start = F.state()
        start.article = ArticleContent(
            id: F.articles[1], sourceID: F.sourceA, title: "Article 1", link: nil, author: nil, date: F.date,
            contentHTML: "<p>x</p>", enclosures: [], isStarred: false)
        let state = F.reduce(start, SetStarred(id: F.articles[1], isStarred: true))
        #expect(state.lists.first.rows[1].isStarred && state.lists.second.rows[1].isStarred)
        #expect(state.article?.isStarred == true)
        #expect(state.counts.starred == 1)
        let again = F.reduce(state, SetStarred(id: F.articles[1], isStarred: true))
        #expect(again.counts.starred == 1)
    }

    @Test("opening an article routes to it and marks it read everywhere")
    func openArticle() {
        let id = F.articles[1]
        let state = F.reduce(F.state(), OpenArticle(id: id))
        #expect(state.route == .showsArticle(uuid: id))
        #expect(state.lists.first.rows[1].isRead && state.lists.second.rows[1].isRead)
        #expect(state.counts.unread == 2)
        let closed = F.reduce(state, CloseArticle())
        #expect(closed.route == .lists)
        #expect(closed.article == nil)
    }

    @Test("mark all read: one source, then everything")
    func markAllRead() {
        let one = F.reduce(F.state(), MarkAllRead(sourceID: F.sourceA))
        #expect(one.lists.first.rows.map(\.isRead) == [true, true, false])
        #expect(one.counts.unread == 1)
        #expect(one.counts.unread(in: F.sourceA) == 0)
        let all = F.reduce(one, MarkAllRead())
        #expect(all.lists.second.rows.allSatisfy { $0.isRead })
        #expect(all.counts.unread == 0)
    }
}
