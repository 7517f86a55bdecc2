import Foundation
import GRDB
import ReduxVM

/// The SQL form of a filter: a WHERE condition over `article` with its arguments, every condition included.
///
/// Text tests run in SQLite through one function, `rss_filter_match_v1(test, text)` (``FilterMatchFunction``),
/// which calls the very ``TextTest`` the in-memory evaluation calls, so both agree to the byte; marks and
/// dates are plain column comparisons on the indexed columns, and source and tag tests are asked once per
/// source, not once per article.
struct FilterSQL {
    var condition: String
    var arguments: StatementArguments

    /// `expression` as SQL, with `age` measured from `now`.
    init(_ expression: FilterExpression, now: Date) {
        var arguments: StatementArguments = []
        condition = Self.sql(expression, now: now, arguments: &arguments)
        self.arguments = arguments
    }

    private static func sql(_ expression: FilterExpression, now: Date, arguments: inout StatementArguments) -> String {
        switch expression {
        case .condition(let condition): return sql(condition, now: now, arguments: &arguments)
        case .not(let inner): return "NOT (\(sql(inner, now: now, arguments: &arguments)))"
        case .all(let items):
            return "(" + items.map { sql($0, now: now, arguments: &arguments) }.joined(separator: " AND ") + ")"
        case .any(let items):
            return "(" + items.map { sql($0, now: now, arguments: &arguments) }.joined(separator: " OR ") + ")"
        }
    }

    private static func sql(_ condition: FilterCondition, now: Date, arguments: inout StatementArguments) -> String {
        switch condition {
        case .text(let field, let test):
            arguments += [FilterMatchFunction.encode(test, eachLine: field == .tag)]
            func match(_ text: String) -> String { "\(FilterMatchFunction.name)(?, \(text))" }
            switch field {
            case .title: return match("article.title")
            case .author: return match("article.author")
            case .link: return match("article.link")
            case .content: return match("\(SearchText.functionName)(article.summary, article.contentHTML)")
            case .source: return "article.sourceId IN (SELECT source.id FROM source WHERE \(match("source.title")))"
            case .tag: return "article.sourceId IN (SELECT source.id FROM source WHERE \(match("source.tags")))"
            }
        case .olderThan(let seconds):
            arguments += [FilterCondition.threshold(now, seconds)]
            return "article.sortDate < ?"
        case .youngerThan(let seconds):
            arguments += [FilterCondition.threshold(now, seconds)]
            return "article.sortDate > ?"
        case .unread(let wanted): return "article.isRead = \(wanted ? 0 : 1)"
        case .starred(let wanted): return "article.isStarred = \(wanted ? 1 : 0)"
        }
    }
}

/// `rss_filter_match_v1(test, text)`: 1 when `text` (NULL reads as "") passes `test`, a ``TextTest`` encoded
/// by ``encode(_:eachLine:)``. Registered on every connection (see `FeedDatabase`); never used in the
/// schema, so it may change with the program.
enum FilterMatchFunction {
    static let name = "rss_filter_match_v1"

    static let function = DatabaseFunction(name, argumentCount: 2, pure: true) { values in
        guard let code = String.fromDatabaseValue(values[0]), let test = decoded(code) else { return false }
        let text = String.fromDatabaseValue(values[1]) ?? ""
        guard test.eachLine else { return test.test.holds(for: text) }
        return text.split(separator: "\n").contains { test.test.holds(for: String($0)) }
    }

    /// The argument that stands for `test`: a kind letter, `*` when every line of the text is tested alone
    /// (a source's tags, stored one a line), then the test's value.
    static func encode(_ test: TextTest, eachLine: Bool) -> String {
        let lines = eachLine ? "*" : ""
        switch test {
        case .contains(let needle): return "c" + lines + needle
        case .equals(let value): return "=" + lines + value
        case .matches(let pattern): return "~" + lines + pattern.source
        }
    }

    /// Tests decoded so far: a statement calls the function once per row with the same test, and a pattern
    /// compiles once. Bounded: emptied when full.
    private static let cache = Locked<[String: (test: TextTest, eachLine: Bool)]>([:])
    private static let cacheLimit = 256

    private static func decoded(_ code: String) -> (test: TextTest, eachLine: Bool)? {
        if let known = cache.withLock({ $0[code] }) { return known }
        var rest = Substring(code)
        guard let kind = rest.popFirst() else { return nil }
        let eachLine = rest.first == "*"
        if eachLine { rest.removeFirst() }
        let test: TextTest
        switch kind {
        case "c": test = .contains(String(rest))
        case "=": test = .equals(String(rest))
        case "~":
            // Encoded from a pattern that compiled, so it compiles again; anything else matches nothing.
            guard let pattern = try? FilterPattern(String(rest)) else { return nil }
            test = .matches(pattern)
        default: return nil
        }
        cache.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[code] = (test, eachLine)
        }
        return (test, eachLine)
    }
}
