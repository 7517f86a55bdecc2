import Foundation
import FrontKit
import ReduxVM
import RssCore
import Synchronization

extension ReportSession {
    /// `--full-text`: gives the articles `query` selects the text of their pages, where they need it (no full
    /// text stored, a feed that does not carry them whole, no recent lasting problem: what a full-text source
    /// fetches, for every source of the report), and says on standard error, one line each, which kept their
    /// feed's text and why. A page that fails leaves the run's status alone: the report shows the feed's text.
    func fetchFullTexts(_ query: ArticleQuery) async throws(ReportFailure) {
        final class Titles: Sendable {
            let byID = Mutex<[UUID: String]>([:])
        }
        let titles = Titles()
        var light = query
        light.includesBody = false
        do {
            try await store.articles(light, pageSize: Self.pageSize) { page in
                titles.byID.withLock { byID in
                    for article in page { byID[article.id] = Text.line(article.title) }
                }
                return true
            }
        } catch {
            throw failure(error)
        }
        let ids = titles.byID.withLock { Array($0.keys) }
        guard !ids.isEmpty else { return }
        let mark = store.state.notices.nextID
        store.dispatch(FetchFullText(articlesWhereNeeded: ids))
        await store.idle()
        let names = titles.byID.withLock { $0 }
        for notice in store.state.notices.items where notice.id >= mark {
            guard case .problem(.fullText(let article, let problem)) = notice.event else { continue }
            StandardStreams.err("NO FULL TEXT \(names[article] ?? "?"): \(ProblemText.fullText(problem))")
        }
    }
}
