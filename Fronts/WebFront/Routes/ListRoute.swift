import Foundation
import Hummingbird
import ReduxVM
import RssCore
import ServeCore

/// The list pages, and what is done to a whole list: marking it read, refreshing its sources.
enum ListRoute {
    /// Articles per page.
    static let pageSize = 50

    /// A page of the list `marks`, as the address selects it.
    static func page(_ marks: ListSelection.Marks, _ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        let state = library.store.state
        let parameters = WebParameters.of(request)
        guard let selection = ListSelection(marks: marks, parameters: parameters, state: state) else { throw HTTPError(.notFound) }
        let older = parameters["older"].flatMap(Continuation.position)
        let newer = older == nil ? parameters["newer"].flatMap(Continuation.position) : nil
        var articles: [ArticleSnapshot]
        let hasMore: Bool
        if let newer {
            articles = try await library.articles(selection.query(state: state, limit: pageSize + 1, after: newer, reversed: true))
            hasMore = articles.count > pageSize
            articles = Array(articles.prefix(pageSize).reversed())
        } else {
            articles = try await library.articles(selection.query(state: state, limit: pageSize + 1, after: older))
            hasMore = articles.count > pageSize
            articles = Array(articles.prefix(pageSize))
        }
        let isFirstPage = (older == nil && newer == nil) || (newer != nil && !hasMore)
        let isLastPage = newer == nil ? !hasMore : false
        let rows = articles.map { ListPage.Row(article: $0, sourceTitle: state.sources[$0.sourceID]?.title ?? "") }
        let page = ListPage(
            frame: frame(context, state: state, selection: selection, title: selection.title(in: state)),
            selection: selection, heading: selection.title(in: state), rows: rows,
            newer: isFirstPage ? nil : articles.first.map { Continuation.make($0.position) },
            older: isLastPage ? nil : articles.last.map { Continuation.make($0.position) },
            seenUpTo: try await library.newestArticleNumber(), dates: DateText())
        return WebAnswer.page(page.html)
    }

    /// Marks read what the list holds, up to the newest article its page was made with (`upto`): an article
    /// that came since stays unread, as an app's `ts` keeps it.
    static func markAll(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let parameters = WebParameters.of(request)
        guard let selection = ListSelection(context: parameters, state: library.store.state),
            let upTo = form["upto"].flatMap(Int64.init), upTo >= 0
        else { throw HTTPError(.badRequest, message: "This form does not say what to mark.") }
        try await library.markAllRead(selection.query(state: library.store.state, limit: Int.max), upTo: upTo)
        return WebAnswer.redirect(to: selection.link.text)
    }

    /// Fetches the sources the list shows now (all of them for a list of everything).
    static func refresh(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        _ = try await WebForm.read(request, context: context, secret: context.webSession)
        let state = library.store.state
        guard let selection = ListSelection(context: WebParameters.of(request), state: state) else {
            throw HTTPError(.badRequest, message: "This form does not say what to refresh.")
        }
        let sources: [UUID]? = selection.source.map { [$0] } ?? selection.tag.map { state.sources.tagged($0).map(\.id) }
        library.refresh(sources)
        return WebAnswer.redirect(to: selection.link.text)
    }

    /// The frame of a page of `selection`, with the library beside it.
    static func frame(_ context: ServeContext, state: RssState, selection: ListSelection?, title: String) -> PageFrame {
        PageFrame(
            title: title, user: context.user ?? "", csrf: CSRFToken.make(for: context.webSession ?? ""),
            selection: selection, library: LibraryPanel(state: state, selection: selection ?? ListSelection()))
    }
}
