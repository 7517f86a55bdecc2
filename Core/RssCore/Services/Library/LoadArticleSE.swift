import ReduxVM

/// OpenArticle → read its content → ArticleLoaded (or a notice when it is gone).
struct LoadArticleSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: OpenArticle.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let action = box.lastAction(as: OpenArticle.self) else { return }
        let id = action.id
        let request = box.state.articleRequest
        let now = service.now
        let storiesOnce = box.state.settings.showsStoriesOnce
        service.perform(trunk, id: "article", ticket: action.ticket) { database throws(DatabaseProblem) in
            guard let stored = try database.article(id: id, showingStoriesOnce: storiesOnce) else {
                return ProblemOccurred(problem: .articleGone(id), date: now(), ticket: action.ticket)
            }
            return ArticleLoaded(article: ArticleContent(stored: stored), request: request, ticket: action.ticket)
        }
    }
}
