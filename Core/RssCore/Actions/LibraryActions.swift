import Foundation
import ReduxVM

/// Begins a session: the store's services read the database. Dispatched once by ``RssStore/make(_:)``.
struct Start: Action {
    func updateState(_ state: inout RssState) {}
}

/// The database as read at start: sources, settings and counts.
struct Started: Action, SourcesTag, SettingsTag, MarksTag, ListsTag {
    let sources: [Source]
    let settings: Settings
    let counts: ArticleCounts

    func updateState(_ state: inout RssState) {
        // Sources added while the database was being read (a program may dispatch AddSource right after
        // making the store) are kept after the stored ones.
        let stored = Set(sources.map(\.id))
        state.sources.all = sources + state.sources.all.filter { !stored.contains($0.id) }
        // Likewise settings changed meanwhile: they were saved after the stored ones were read.
        state.settings = settings
        for change in state.settingChangesBeforeStart { state.settings.apply(change) }
        state.settingChangesBeforeStart = []
        state.counts = counts
        state.isStarted = true
        state.lists.reloadAll()
    }
}

/// Counts as read from the database after a change that the reducers could not count exactly.
struct CountsLoaded: Action, MarksTag {
    let counts: ArticleCounts

    func updateState(_ state: inout RssState) {
        state.counts = counts
    }
}

/// The open article's content, loaded after routing showed it.
struct ArticleLoaded: Action, ArticleTag {
    let article: ArticleContent

    func updateState(_ state: inout RssState) {
        guard state.route == .showsArticle(uuid: article.id) else { return }
        state.article = article
    }
}

/// A storage, fetch or file operation failed; the user reads why in one line.
struct OperationFailed: Action, NoticesTag {
    let message: String
    let date: Date

    func updateState(_ state: inout RssState) {
        state.notices.post(.error, message, at: date)
    }
}

/// Something worth telling the user happened (an import, an export).
struct OperationSucceeded: Action, NoticesTag {
    let message: String
    let date: Date

    func updateState(_ state: inout RssState) {
        state.notices.post(.info, message, at: date)
    }
}
