import Foundation
import FrontKit
import HTTPTypes
import Hummingbird
import ReduxVM
import RssCore
import ServeCore

/// An article's page, and the forms that change its marks or fetch its full text.
enum ArticleRoute {
    /// The parameter of an article's address that leaves its marks as they are: where a form on the article's
    /// page sends the browser back, so that "Mark unread" is not undone by showing the article again.
    static let keepsMarks = "kept"

    /// The page of the article the path numbers; opening it marks it read, as in the apps. A number the
    /// library does not have is a 404, whoever's it may be.
    static func page(_ request: Request, context: ServeContext, images: MediaProxy) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        var article = try await article(request, context: context, library: library, includesBody: true)
        if !article.isRead, WebParameters.of(request)[keepsMarks] == nil {
            try await library.setRead([article.id], true)
            article = try await library.articles(numbers: [article.number], includesBody: true).first ?? article
        }
        let state = library.store.state
        let selection = ListSelection(context: WebParameters.of(request), state: state) ?? ListSelection()
        let dates = DateText()
        let body = article.body
        var problem = Flash.shared.take(for: context)
        var text = HTML.empty
        do {
            text = HTML(try SafeFragment(html: body?.html ?? "", baseURL: article.link, images: images))
        } catch {
            problem = "This article's text cannot be shown: \(error.localizedDescription)."
        }
        let page = ArticlePage(
            frame: ListRoute.frame(context, state: state, selection: selection, title: TitleText.shown(article.title, limit: TitleText.listLength)),
            article: article, sourceTitle: state.sources[article.sourceID]?.title ?? "",
            alsoIn: article.otherSources.compactMap { state.sources[$0]?.title },
            body: text,
            origin: body.map { TextOrigin.phrase($0, link: article.link, date: dates.long) },
            problem: problem,
            selection: selection,
            previous: try await neighbour(of: article, in: selection, state: state, library: library, before: true),
            next: try await neighbour(of: article, in: selection, state: state, library: library, before: false),
            dates: dates)
        return WebAnswer.page(page.html)
    }

    /// Changes the article's marks (`action`: `read`, `unread`, `star`, `unstar`) or fetches its full text
    /// (`fulltext`); then back to the page the form was on, or, for the page's script, the marks as JSON.
    static func mark(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let article = try await article(request, context: context, library: library, includesBody: false)
        switch form["action"] {
        case "read": try await library.setRead([article.id], true)
        case "unread": try await library.setRead([article.id], false)
        case "star": try await library.setStarred([article.id], true)
        case "unstar": try await library.setStarred([article.id], false)
        case "fulltext":
            if case .failure(let problem) = try await library.fetchFullText(article.id) {
                Flash.shared.put(ProblemText.message(problem, sources: library.store.state.sources), for: context)
            }
        default:
            throw HTTPError(.badRequest, message: "This form asks for nothing known.")
        }
        if request.headers[ScriptRequest.field] != nil {
            guard let now = try await library.articles(numbers: [article.number]).first else { throw HTTPError(.notFound) }
            return WebAnswer.json("{\"read\":\(now.isRead),\"starred\":\(now.isStarred)}")
        }
        return WebAnswer.redirect(to: WebForm.localPath(form["back"], fallback: WebPath.article(article.number)))
    }

    /// The article the path's `number` names in the signed-in account's library; a 404 otherwise.
    private static func article(
        _ request: Request, context: ServeContext, library: ServeLibrary, includesBody: Bool
    ) async throws -> ArticleSnapshot {
        guard let text = context.parameters.get("number"), text.count <= 19, let number = Int64(text), number > 0,
            let article = try await library.articles(numbers: [number], includesBody: includesBody).first
        else { throw HTTPError(.notFound) }
        return article
    }

    /// The number of the article just before (or after) `article` in the list `selection`. Going back in the
    /// unread list goes back through what was just read (opening an article marks it read: the unread list no
    /// longer holds it); going on goes to the next unread one.
    private static func neighbour(
        of article: ArticleSnapshot, in selection: ListSelection, state: RssState, library: ServeLibrary, before: Bool
    ) async throws -> Int64? {
        let list = before && selection.marks == .unread ? selection.with(marks: .all) : selection
        let query = list.query(state: state, limit: 1, after: article.position, reversed: before)
        return try await library.positions(query).first?.number
    }
}

/// The header the page's script sends with a form, asking for JSON instead of a redirection.
enum ScriptRequest {
    static let field = HTTPField.Name("RSS-Web-Script")!
}
