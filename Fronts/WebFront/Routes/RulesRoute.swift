import Foundation
import FrontKit
import HTTPTypes
import Hummingbird
import ReduxVM
import RssCore
import ServeCore

/// The rules and saved queries page, its test of an expression, and its forms.
enum RulesRoute {
    /// Articles a test lists by title.
    static let testedShown = 20

    static func page(
        _ request: Request, context: ServeContext, problem: String? = nil, typed: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        var problem = problem
        var test: RulesPage.Test?
        if let expression = WebParameters.of(request)["test"]?.trimmingCharacters(in: .whitespaces), !expression.isEmpty {
            switch Self.filter(expression) {
            case .failure(let filterProblem): problem = ProblemText.filter(filterProblem)
            case .success(let filter):
                var query = ArticleQuery(limit: testedShown)
                query.filter = filter
                var all = query
                all.limit = nil
                test = RulesPage.Test(
                    expression: expression, count: try await library.count(all),
                    titles: try await library.articles(query).map(\.title))
            }
        }
        let state = library.store.state
        let page = RulesPage(
            frame: ListRoute.frame(context, state: state, selection: nil, title: "Rules and saved queries"), state: state,
            notice: Flash.shared.take(for: context), problem: problem, typed: typed, test: test)
        return WebAnswer.page(page.html, status: problem == nil ? status : .unprocessableContent)
    }

    /// `do`: `add-rule` (name, expression, action, scope), `remove-rule`, `apply`, `add-query` (name,
    /// expression), `remove-query`.
    static func change(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let name = (form["name"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 64 else {
            return try await page(request, context: context, problem: "A name is 1 to 64 characters.", typed: form["expression"])
        }
        var notice: String
        switch form["do"] {
        case "add-rule", "add-query":
            let expression = form["expression"] ?? ""
            let filter: ArticleFilter
            switch Self.filter(expression) {
            case .failure(let filterProblem):
                return try await page(request, context: context, problem: ProblemText.filter(filterProblem), typed: expression)
            case .success(let parsed): filter = parsed
            }
            if form["do"] == "add-query" {
                await library.saveQuery(SavedQuery(name: name, filter: filter))
                notice = "Saved the query \(name)."
            } else {
                guard let action = form["action"].flatMap(ArticleRule.Action.init(rawValue:)),
                    let scope = Self.scope(form["scope"], state: library.store.state)
                else { throw HTTPError(.badRequest, message: "This rule's action or sources are not known.") }
                let rule = ArticleRule(name: name, filter: filter, action: action, scope: scope)
                await library.addRule(rule)
                notice = "Added the rule " + RuleText.definition(rule, sources: library.store.state.sources) + "."
            }
        case "remove-rule":
            await library.removeRule(named: name)
            notice = "Removed the rule \(name)."
        case "remove-query":
            await library.removeQuery(named: name)
            notice = "Removed the query \(name)."
        case "apply":
            switch await library.applyRule(named: name) {
            case .success(let count): notice = "\(name): \(count) \(count == 1 ? "article" : "articles") changed."
            case .failure(let problem):
                return try await page(request, context: context, problem: ProblemText.message(problem, sources: library.store.state.sources))
            }
        default:
            throw HTTPError(.badRequest, message: "This form asks for nothing known.")
        }
        Flash.shared.put(notice, for: context)
        return WebAnswer.redirect(to: WebPath.rules)
    }

    /// The filter `text` says, or why it says none.
    static func filter(_ text: String) -> Result<ArticleFilter, FilterProblem> {
        Result { () throws(FilterProblem) in try ArticleFilter(String(text.prefix(4_096))) }
    }

    /// The sources a rule applies to: `all`, `tag:NAME` or `source:ID` of this library.
    static func scope(_ text: String?, state: RssState) -> ArticleRule.Scope? {
        guard let text, text != "all" else { return .all }
        if text.hasPrefix("tag:") {
            let tag = String(text.dropFirst(4))
            return state.sources.tags.contains(tag) ? .tag(tag) : nil
        }
        if text.hasPrefix("source:"), let id = UUID(uuidString: String(text.dropFirst(7))), state.sources[id] != nil {
            return .source(id)
        }
        return nil
    }
}
