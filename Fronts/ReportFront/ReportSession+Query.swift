import FrontKit
import ReduxVM
import RssCore

extension ReportSession {
    /// The filter of the run: `--query`'s saved filter, `--filter`'s, or both joined with `and`.
    func runFilter() throws(ReportFailure) -> ArticleFilter? {
        var filters: [ArticleFilter] = []
        if let name = options.queryName {
            guard let saved = store.state.rules.query(named: name) else {
                throw .usage("--query: no saved query named \(Text.line(name)) (rss-repl's query list shows them)")
            }
            filters.append(saved.filter)
        }
        if let filter = options.filter { filters.append(filter) }
        guard filters.count == 2 else { return filters.first }
        do throws(FilterProblem) {
            return try ArticleFilter("(\(filters[0].text)) and (\(filters[1].text))")
        } catch {
            throw .usage("--query with --filter: \(ProblemText.filter(error))")
        }
    }
}
