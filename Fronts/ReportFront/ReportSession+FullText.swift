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
        let ticket = CommandTicket()
        let outcome = await store.outcome(of: ticket, dispatching: FetchFullText(articlesWhereNeeded: ids, ticket: ticket))
        await store.idle()
        let names = titles.byID.withLock { $0 }
        // Every article's problem, however many: the notices keep only the latest.
        guard case .fullText(_, let problems) = outcome else { return }
        for problem in problems {
            guard case .fullText(let article, let reason) = problem else { continue }
            StandardStreams.err("NO FULL TEXT \(names[article] ?? "?"): \(ProblemText.fullText(reason))")
        }
    }
}
