import Foundation
import FrontKit
import HTTPTypes
import Hummingbird
import ReduxVM
import RssCore
import ServeCore

/// The sources pages and their forms: adding by a feed's or a site's address (with the choice when a site
/// offers several feeds), OPML import and export, and each source's settings.
enum SourcesRoute {
    /// The sources page, with what the last form did.
    static func page(_ request: Request, context: ServeContext, notice: String? = nil, problem: String? = nil, status: HTTPResponse.Status = .ok) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        let state = library.store.state
        let page = SourcesPage(
            frame: ListRoute.frame(context, state: state, selection: nil, title: "Sources"), sources: state.sources.all,
            state: state, dates: DateText(), notice: notice ?? Flash.shared.take(for: context), problem: problem)
        return WebAnswer.page(page.html, status: status)
    }

    /// Follows the address the form names: a feed at once; a site's only feed at once; a site's several feeds
    /// after a choice. Then the new source's page, or the sources page saying why nothing was followed.
    static func add(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let address = (form["address"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let tags = TagList.parse(form["tags"])
        if form["chosen"] == nil {
            switch await library.findFeeds(at: address) {
            case .failure(let problem):
                return try await page(request, context: context, problem: ProblemTextForAPI.message(problem), status: .unprocessableContent)
            case .success(let feeds) where feeds.count > 1:
                let state = library.store.state
                let choice = FeedChoicePage(
                    frame: ListRoute.frame(context, state: state, selection: nil, title: "Choose a feed"),
                    page: address, feeds: feeds, tags: tags.joined(separator: ", "))
                return WebAnswer.page(choice.html)
            case .success:
                break
            }
        }
        let subscription = await library.subscribe(address, tags: tags)
        if let problem = subscription.problem {
            return try await page(request, context: context, problem: problem, status: .unprocessableContent)
        }
        guard let source = subscription.source else { throw HTTPError(.internalServerError) }
        if case .existing = subscription, !tags.isEmpty {
            await library.setTags([(source, TagName.normalized(source.tags + tags))])
        }
        Flash.shared.put(subscription.isNew ? "Following \(source.title)." : "\(source.title) was followed already.", for: context)
        return WebAnswer.redirect(to: WebPath.source(source.id))
    }

    /// A source's page; a source the library does not have is a 404.
    static func source(_ request: Request, context: ServeContext, problem: String? = nil) async throws -> Response {
        let library = try context.requireLibrary()
        await library.catchUp()
        let state = library.store.state
        let source = try Self.source(context, state: state)
        let page = SourcePage(
            frame: ListRoute.frame(context, state: state, selection: nil, title: source.title), source: source,
            summary: ScheduleSummary(source, in: state), unread: state.counts.unreadBySource[source.id] ?? 0,
            dates: DateText(), notice: Flash.shared.take(for: context), problem: problem)
        return WebAnswer.page(page.html, status: problem == nil ? .ok : .unprocessableContent)
    }

    /// Changes a source as the form's `do` says: `rename`, `tags`, `enable`, `disable`, `fulltext-on`,
    /// `fulltext-off`, `interval`, `refresh`, `remove`.
    static func change(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        let form = try await WebForm.read(request, context: context, secret: context.webSession)
        let source = try Self.source(context, state: library.store.state)
        let path = WebPath.source(source.id)
        switch form["do"] {
        case "rename":
            await library.rename(source.id, to: form["title"].map { String($0.prefix(500)) })
        case "tags":
            await library.setTags([(source, TagList.parse(form["tags"]))])
        case "enable", "disable":
            await library.setEnabled(source.id, form["do"] == "enable")
        case "fulltext-on", "fulltext-off":
            await library.setFullText(source.id, form["do"] == "fulltext-on")
        case "interval":
            switch SettingValue.sourceInterval(form["interval"] ?? "") {
            case .success(let seconds): await library.setInterval(source.id, seconds.map(TimeInterval.init))
            case .failure(let problem): return try await Self.source(request, context: context, problem: problem.message)
            }
        case "refresh":
            await library.refreshAndWait(source.id)
        case "remove":
            await library.unsubscribe(source.id)
            Flash.shared.put("Removed \(source.title).", for: context)
            return WebAnswer.redirect(to: WebPath.sources)
        default:
            throw HTTPError(.badRequest, message: "This form asks for nothing known.")
        }
        return WebAnswer.redirect(to: path)
    }

    /// Follows the feeds of an uploaded OPML file, under the account's address policy; the sources page says
    /// how many were added, followed already, and each refused with why.
    static func importOPML(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        guard WebForm.isSameOrigin(request), let type = request.headers[.contentType], let boundary = MultipartForm.boundary(in: type)
        else { throw HTTPError(.badRequest, message: "An OPML file is sent as a form with the file.") }
        let body = try await request.body.collect(upTo: RequestLimits.bodyBytes(for: request.uri.path))
        let parts = try MultipartForm.parts(Array(body.readableBytesView), boundary: boundary)
        try WebForm.checkToken(parts.first { $0.name == "csrf" }.map { String(decoding: $0.content, as: UTF8.self) }, secret: context.webSession)
        guard let file = parts.first(where: { $0.name == "opml" }), !file.content.isEmpty else {
            return try await page(request, context: context, problem: "Choose an OPML file to import.", status: .unprocessableContent)
        }
        switch await library.importOPML(Data(file.content)) {
        case .failure(let problem):
            return try await page(request, context: context, problem: ProblemTextForAPI.message(problem), status: .unprocessableContent)
        case .success(let outcome):
            var words = "Imported: \(outcome.added) added, \(outcome.alreadyFollowed) followed already"
            if !outcome.refused.isEmpty {
                words += "; not followed: " + outcome.refused.map(ProblemText.refusedFeed).joined(separator: "; ")
            }
            Flash.shared.put(words + ".", for: context)
            return WebAnswer.redirect(to: WebPath.sources)
        }
    }

    /// The library's sources as an OPML 2.0 file to download.
    static func exportOPML(_ request: Request, context: ServeContext) async throws -> Response {
        let library = try context.requireLibrary()
        var headers = HTTPFields()
        headers[.contentType] = "text/x-opml; charset=utf-8"
        headers[.contentDisposition] = "attachment; filename=\"rss-serve-\(context.user ?? "library").opml\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: await library.exportOPML())))
    }

    private static func source(_ context: ServeContext, state: RssState) throws -> Source {
        guard let text = context.parameters.get("id"), let id = UUID(uuidString: text), let source = state.sources[id] else {
            throw HTTPError(.notFound)
        }
        return source
    }
}

/// Tags typed in a form: comma-separated, trimmed, empty ones dropped, at most 100.
enum TagList {
    static func parse(_ text: String?) -> [String] {
        let tags = (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return TagName.normalized(Array(tags.prefix(100)))
    }
}
