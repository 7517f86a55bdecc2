import Foundation
import ReduxVM

/// Begins a session: the store's services read the database. Dispatched once by ``RssStore/make(_:)``.
struct Start: JournaledAction {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.Start"
    func updateState(_ state: inout RssState) {}
}

/// The database as read at start: sources, settings and counts.
struct Started: JournaledAction, SourcesTag, SettingsTag, MarksTag, ListsTag, RulesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.Started"
    let sources: [Source]
    let settings: Settings
    let counts: ArticleCounts
    /// The stored rules and saved queries (nil in journals from before rules).
    var rules: RulesState? = nil

    func updateState(_ state: inout RssState) {
        // Rules and queries added while the database was being read were stored after it was read.
        var rules = self.rules ?? RulesState()
        for rule in state.rules.rules { rules.put(rule) }
        for query in state.rules.queries { rules.put(query) }
        state.rules = rules
        // Sources added while the database was being read (a program may dispatch AddSource right after
        // making the store) are kept after the stored ones.
        let stored = Set(sources.map(\.id))
        state.sources.all = sources + state.sources.all.filter { !stored.contains($0.id) }
        // Likewise settings changed meanwhile: they were saved after the stored ones were read.
        state.settings = settings
        for change in state.settingChangesBeforeStart { state.settings.apply(change) }
        state.settingChangesBeforeStart = []
        // Nothing changes the counts before this: every write runs after this read in the database lane.
        state.counts = counts
        state.counts.countsStoriesOnce = state.settings.showsStoriesOnce
        state.isStarted = true
        state.lists.reloadAll()
    }
}

/// The open article's content, loaded after routing showed it.
struct ArticleLoaded: JournaledAction, ArticleTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.ArticleLoaded"
    let article: ArticleContent
    /// The ``RssState/articleRequest`` it was read for.
    let request: Int
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        // Shown or not (another article was opened since), the command that read it is over.
        state.outcomes.record(.done, for: ticket)
        guard state.route == .showsArticle(uuid: article.id), state.articleRequest == request else { return }
        var article = self.article
        for change in state.pendingMarks.changes(sinceArticleRequest: request) { change.apply(to: &article) }
        state.article = article
        state.pendingMarks.prune(state)
    }
}

/// Something failed; the problem says what and why.
struct ProblemOccurred: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.ProblemOccurred"
    let problem: RssProblem
    let date: Date
    /// The command it ends, when a front waits for that command's outcome.
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        state.notices.post(problem, at: date)
        state.outcomes.record(.failed(problem), for: ticket)
    }
}

/// A write changed the counts by what it counted (a source removed, retention applied).
struct CountsChanged: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.CountsChanged"
    let change: CountChange
    /// Whether articles were removed, so that the lists reload.
    var removedArticles: Bool { change.total < 0 }

    func updateState(_ state: inout RssState) {
        state.counts.apply(change)
        if removedArticles { state.lists.reloadAll() }
    }
}
