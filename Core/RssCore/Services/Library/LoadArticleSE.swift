import ReduxVM

/// OpenArticle → read its content → ArticleLoaded (or a notice when it is gone).
struct LoadArticleSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: OpenArticle.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: LibraryService) {
        guard let id = box.lastAction(as: OpenArticle.self)?.id else { return }
        let request = box.state.articleRequest
        let now = service.now
        let storiesOnce = box.state.settings.showsStoriesOnce
        service.perform(trunk, id: "article") { database throws(DatabaseProblem) in
            guard let stored = try database.article(id: id, showingStoriesOnce: storiesOnce) else {
                return ProblemOccurred(problem: .articleGone(id), date: now())
            }
            return ArticleLoaded(article: ArticleContent(stored: stored), request: request)
        }
    }
}
