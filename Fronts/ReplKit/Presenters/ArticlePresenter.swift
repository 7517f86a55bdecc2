import Foundation
import FrontKit
import HTMLText
import ReduxVM
import RssCore

/// The article routing shows, once its content is loaded; nil when the route is elsewhere.
struct ArticleProps: Equatable, Sendable {
    struct Article: Equatable, Sendable {
        let id: UUID
        let title: String
        let source: String
        let date: Date
        let author: String?
        let link: String?
        let body: HTMLDocumentText
        let enclosures: [String]
        let isStarred: Bool
        /// The other sources that carry the same story, by name.
        var alsoIn: [String] = []
        /// Which text ``body`` is.
        var text: TextShown = .feed(.feedContent)
    }

    /// Which text an article shows.
    enum TextShown: Equatable, Sendable {
        /// The text extracted from its page at `host`, fetched at `date`.
        case page(host: String, fetched: Date?)
        /// The feed's content or summary.
        case feed(ArticleBody.Kind)
    }

    let article: Article?
}

/// Follows the route: `showsArticle(uuid:)` with its content loaded gives props; the HTML is turned into text
/// blocks here, on the store's executor, so the terminal's thread only wraps lines.
struct ArticlePresenter: Presenter {
    /// Only routing and marks (a star on the open article) concern the article.
    func reaction(for box: StateBox<RssState>) -> Reaction {
        guard box.lastAction(is: (any ArticleTag).self) || box.lastAction(is: (any MarksTag).self)
        else { return .none }
        return box.isNew(keyPath: \.route) || box.isNew(keyPath: \.article) ? .props : .none
    }

    func props(for box: StateBox<RssState>, trunk: Trunk<RssState>) -> ArticleProps? {
        let state = box.state
        guard case .showsArticle(let id) = state.route, let content = state.article, content.id == id else {
            return ArticleProps(article: nil)
        }
        let body = content.body
        return ArticleProps(
            article: .init(
                id: id, title: UserMessage.line(content.title),
                source: UserMessage.line(state.sources[content.sourceID]?.title ?? "?"), date: content.date,
                author: content.author.map(UserMessage.line), link: content.link.map { UserMessage.line($0.absoluteString) },
                body: HTMLDocumentText(html: body.html),
                enclosures: content.enclosures.map { UserMessage.line($0.absoluteString) }, isStarred: content.isStarred,
                alsoIn: content.otherSources.map { UserMessage.line(state.sources[$0]?.title ?? "?") },
                text: Self.textShown(body, link: content.link)))
    }

    /// Which text `body` shows, with the page's host for a page's text.
    static func textShown(_ body: ArticleBody, link: URL?) -> ArticleProps.TextShown {
        guard body.kind == .page else { return .feed(body.kind) }
        return .page(host: UserMessage.line(link?.host ?? "its page"), fetched: body.pageFetched)
    }
}
