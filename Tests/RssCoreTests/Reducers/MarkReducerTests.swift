import Foundation
import ReduxVM
import Testing

@_spi(Benchmarks) @testable import RssCore

@Suite("Mark reducers: both lists agree")
struct MarkReducerTests {
    typealias F = ReducerFixtures

    @Test("marking read through one list shows in the other list at once; the counts follow the write")
    func readShowsInBothLists() {
        let id = F.articles[0]
        let state = F.reduce(F.state(), SetRead(ids: [id], isRead: true))
        #expect(state.lists.first.rows[0].isRead)
        #expect(state.lists.second.rows[0].isRead)
        #expect(state.counts == F.state().counts)
        let saved = F.reduce(state, MarksSaved(change: CountChange(unreadBySource: [F.sourceA: -1])))
        #expect(saved.counts.unread == 2)
        #expect(saved.counts.unread(in: F.sourceA) == 1)
    }

    @Test("counts change by what writes counted, in any order, and a source at zero is dropped")
    func countsAddUp() {
        let changes = [
            CountChange(unreadBySource: [F.sourceB: -1]), CountChange(starred: 1),
            CountChange(unreadBySource: [F.sourceB: 1]), CountChange(unreadBySource: [F.sourceB: -1]),
        ]
        for order in [changes, changes.reversed()] {
            let state = F.reduce(F.state(), order.map { MarksSaved(change: $0) })
            #expect(state.counts.unread == 2)
            #expect(state.counts.unreadBySource[F.sourceB] == nil)
            #expect(state.counts.starred == 1)
        }
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
    }

    @Test("opening an article routes to it and marks it read everywhere")
    func openArticle() {
        let id = F.articles[1]
        let state = F.reduce(F.state(), OpenArticle(id: id))
        #expect(state.route == .showsArticle(uuid: id))
        #expect(state.lists.first.rows[1].isRead && state.lists.second.rows[1].isRead)
        let closed = F.reduce(state, CloseArticle())
        #expect(closed.route == .lists)
        #expect(closed.article == nil)
    }

    @Test("mark all read: one source, then everything")
    func markAllRead() {
        let one = F.reduce(F.state(), MarkAllRead(sourceID: F.sourceA))
        #expect(one.lists.first.rows.map(\.isRead) == [true, true, false])
        let all = F.reduce(one, MarkAllRead())
        #expect(all.lists.second.rows.allSatisfy { $0.isRead })
    }

    @Test("a mark made while a page loads is applied again to the page that arrives")
    func markDuringLoad() {
        let loading = F.reduce(F.state(), ShowMarks(list: .first, marks: .all))
        let generation = loading.lists.first.generation
        let starred = F.reduce(loading, SetStarred(id: F.articles[2], isStarred: true))
        // The page was read before the star was written: it comes back unstarred.
        let rows = F.state().lists.first.rows
        let loaded = F.reduce(starred, ListLoaded(list: .first, generation: generation, page: 0, rows: rows, totalCount: 3))
        #expect(loaded.lists.first.rows[2].isStarred)
        #expect(loaded.lists.first.rows[0].isStarred == false)
        // Nothing loads any more: nothing is kept.
        #expect(loaded.pendingMarks == PendingMarks())
    }

    @Test("a mark made before a load started is not applied again (the load read it)")
    func markBeforeLoad() {
        let starred = F.reduce(F.state(), SetStarred(id: F.articles[2], isStarred: true))
        let loading = F.reduce(starred, ShowMarks(list: .first, marks: .all))
        var rows = F.state().lists.first.rows
        rows[2].isStarred = false  // as if another program unstarred it meanwhile
        let loaded = F.reduce(
            loading, ListLoaded(list: .first, generation: loading.lists.first.generation, page: 0, rows: rows, totalCount: 3))
        #expect(loaded.lists.first.rows[2].isStarred == false)
    }

    @Test("a star made while the article loads shows on the article that arrives")
    func starDuringArticleLoad() {
        let id = F.articles[1]
        let opening = F.reduce(F.state(), OpenArticle(id: id))
        let starred = F.reduce(opening, SetStarred(id: id, isStarred: true))
        let content = ArticleContent(
            id: id, sourceID: F.sourceA, title: "Article 1", link: nil, author: nil, date: F.date,
            contentHTML: "<p>x</p>", enclosures: [], isStarred: false)
        let loaded = F.reduce(starred, ArticleLoaded(article: content, request: opening.articleRequest))
        #expect(loaded.article?.isStarred == true)
        // A late load for an earlier opening is ignored.
        let reopened = F.reduce(loaded, OpenArticle(id: id))
        let late = F.reduce(reopened, ArticleLoaded(article: content, request: opening.articleRequest))
        #expect(late.article == reopened.article)
    }
}
