import Foundation
import FrontKit
import RssCore
import TerminalText

/// What `rule` and `query` share: finding one by name, listing them, showing what a filter selects.
extension CommandRunner {
    /// How many matches `rule test` shows.
    static let testedMatches = 10

    /// The rule named `name` (case ignored), or nil after an error line.
    func knownRule(_ name: String) -> ArticleRule? {
        if let rule = state.rules.rule(named: name) { return rule }
        console.error(ProblemText.message(.unknownRule(name), sources: state.sources))
        return nil
    }

    /// The saved query named `name` (case ignored), or nil after an error line.
    func knownQuery(_ name: String) -> SavedQuery? {
        if let query = state.rules.query(named: name) { return query }
        console.error(ProblemText.message(.unknownQuery(name), sources: state.sources))
        return nil
    }

    /// Prints every rule as `rule add` takes it.
    func listRules() {
        let rules = state.rules.rules
        guard !rules.isEmpty else {
            return console.print("no rules (rule add NAME EXPR -> read|hide|star|delete adds one)")
        }
        console.print(rules.map { "  " + RuleText.definition($0, sources: state.sources) }.joined(separator: "\n"))
    }

    /// Prints every saved query.
    func listQueries() {
        let queries = state.rules.queries
        guard !queries.isEmpty else { return console.print("no saved queries (query save NAME EXPR saves one)") }
        console.print(queries.map { "  " + UserMessage.line("\($0.name) \($0.filter.text)") }.joined(separator: "\n"))
    }

    /// Prints how many articles `filter` selects now, and the first of them.
    func showMatches(of filter: ArticleFilter) {
        var query = ArticleQuery()
        query.filter = filter
        switch waiter.articles(query, limit: Self.testedMatches) {
        case .failure(let problem): console.error(ProblemText.message(problem, sources: state.sources))
        case .success(let (articles, total)):
            var lines = ["\(total) article\(total == 1 ? "" : "s") match" + (total == 1 ? "es" : "")]
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            let layout = ColumnLayout([.init(width: 2), .init(width: 16), .init(width: 14), .init()])
            for article in articles {
                let source = state.sources[article.sourceID].map { UserMessage.line($0.title) } ?? "?"
                let flags = (article.isRead ? " " : "N") + (article.isStarred ? "*" : " ")
                lines.append(
                    "  " + layout.render(
                        [flags, formatter.string(from: article.date), source, UserMessage.line(article.title)],
                        totalWidth: console.width - 2
                    ).trimmingTrailingSpaces())
            }
            if total > articles.count { lines.append("  … and \(total - articles.count) more") }
            console.print(lines.joined(separator: "\n"))
        }
    }
}
