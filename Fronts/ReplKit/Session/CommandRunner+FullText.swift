import Foundation
import FrontKit
import ReduxVM
import RssCore

extension CommandRunner {
    /// Opens article `id` through routing (which marks it read); the article view prints it once loaded.
    func open(_ id: UUID) {
        let ticket = CommandTicket()
        store.dispatch(OpenArticle(id: id, ticket: ticket))
        // Shown, or a problem (gone since), which the notices view prints.
        waiter.until { $0.outcomes[ticket] != nil }
        // Afterwards the route goes back to the lists, ready for the next `open`.
        store.dispatch(CloseArticle())
        waiter.processed()
    }

    /// Fetches article `number`'s page now (Ctrl-C stops waiting), then opens the article: with the page's text
    /// when it came, else with the feed's after the problem, which the notices print.
    func openWithFullText(_ number: Int) {
        guard let id = article(number) else { return }
        store.dispatch(FetchFullText(article: id))
        let finished = waitInForeground(showing: "fetching the page…") { !$0.fullText.isFetching(id) }
        console.clearProgress()
        guard finished else {
            console.print("stopped waiting for the page; its text is stored when it comes")
            return
        }
        views.article.namesFeedText = true
        defer { views.article.namesFeedText = false }
        open(id)
    }
}
