import Foundation
import FrontKit
import ReduxVM
import RssCore

extension CommandRunner {
    func list(marks: String?, source: String?) {
        if let source {
            guard let found = self.source(named: source) else {
                console.error("no source matches “\(UserMessage.line(source))” (sources lists them)")
                return
            }
            if let marks, let value = ListFilter.Marks(rawValue: marks) {
                store.dispatch(ShowMarks(list: active, marks: value))
            }
            store.dispatch(ShowSource(list: active, sourceID: found.id))
        } else if let marks, let value = ListFilter.Marks(rawValue: marks) {
            store.dispatch(ShowMarks(list: active, marks: value))
            if state.lists[active].filter.sourceID != nil { store.dispatch(ShowSource(list: active, sourceID: nil)) }
            if state.lists[active].filter.searchText != nil { store.dispatch(SearchArticles(list: active, text: nil)) }
        }
        showList()
    }

    func page(_ move: ShowPage.Move) {
        let before = state.lists[active].page
        store.dispatch(ShowPage(list: active, move: move))
        waiter.until { $0.listsSettled }
        if state.lists[active].page == before {
            console.print(move == .next ? "already on the last page" : "already on the first page")
        }
        views.list.show()
    }

    /// Opens through routing: `OpenArticle` routes to `showsArticle`, the article view prints what the state
    /// then holds; afterwards the route goes back to the lists, ready for the next `open`.
    func open(_ number: Int) {
        guard let id = article(number) else { return }
        let mark = state.notices.nextID
        store.dispatch(OpenArticle(id: id))
        waiter.until { $0.article?.id == id || $0.notices.nextID > mark }
        store.dispatch(CloseArticle())
        waiter.processed()
    }

    func star(_ number: Int, _ starred: Bool) {
        guard let id = article(number) else { return }
        store.dispatch(SetStarred(id: id, isStarred: starred))
        waiter.until { $0.listsSettled }
        console.print("\(starred ? "starred" : "unstarred") \(number): \(title(of: id))")
    }

    func markRead(_ numbers: [Int], _ read: Bool) {
        var ids: [UUID] = []
        for number in numbers {
            guard let id = article(number) else { return }
            ids.append(id)
        }
        store.dispatch(SetRead(ids: ids, isRead: read))
        waiter.until { $0.listsSettled }
        let what = ids.count == 1 ? "\(numbers[0]): \(title(of: ids[0]))" : "\(ids.count) articles"
        console.print("marked \(read ? "read" : "unread") \(what)")
    }
}
