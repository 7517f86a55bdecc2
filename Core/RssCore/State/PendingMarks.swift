import Foundation

/// Mark changes made while a list page or the open article was being read from the database.
///
/// Database work runs in one lane, in the order of the actions that started it, so a read started before a
/// mark's write does not see the mark: the rows it returns would undo what the reducer already showed. Each
/// mark is kept here, stamped with what was loading when it was made, and applied again to what that load
/// returns; marks made before a load started are in the database by the time it reads. Nothing is kept while
/// nothing loads.
struct PendingMarks: Sendable, Equatable {
    /// One change of marks. `stories` are the stories of the articles it names (see ``RssState/applyMark(_:)``):
    /// a mark on one copy of a story is a mark on every copy, so it shows on their rows too.
    enum Change: Sendable, Equatable {
        case read(Set<UUID>, Bool, stories: Set<Int64> = [])
        case starred(UUID, Bool, stories: Set<Int64> = [])
        case allRead(sources: Set<UUID>?, before: Date?, storedBefore: Date? = nil, stories: Set<Int64> = [])

        /// The change applied to a row.
        func apply(to row: inout ArticleRow) {
            switch self {
            case .read(let ids, let isRead, let stories):
                if ids.contains(row.id) || Self.belongs(row.story, to: stories) { row.isRead = isRead }
            case .starred(let id, let isStarred, let stories):
                if id == row.id || Self.belongs(row.story, to: stories) { row.isStarred = isStarred }
            case .allRead(let sources, let before, let storedBefore, let stories):
                if Self.covers(row, sources: sources, before: before, storedBefore: storedBefore)
                    || Self.belongs(row.story, to: stories)
                {
                    row.isRead = true
                }
            }
        }

        /// Whether a mark of every article of `sources` (nil: all) dated before `before`, stored before
        /// `storedBefore`, marks `row`.
        static func covers(_ row: ArticleRow, sources: Set<UUID>?, before: Date?, storedBefore: Date?) -> Bool {
            (sources?.contains(row.sourceID) ?? true) && (before.map { row.date < $0 } ?? true)
                && (storedBefore.map { row.firstSeen < $0 } ?? true)
        }

        private static func belongs(_ story: Int64?, to stories: Set<Int64>) -> Bool {
            story.map(stories.contains) ?? false
        }

        /// Whether the change can bring an article into a list filtered by `marks`: a star into the starred
        /// list, an article marked unread into the unread list. (A change that takes one out leaves its row in
        /// place, showing the new mark, until the list is next read: see ``RssState/applyMark(_:)``.)
        func bringsArticles(into marks: ListFilter.Marks) -> Bool {
            switch (self, marks) {
            case (.starred(_, true, _), .starred), (.read(_, false, _), .unread): true
            default: false
            }
        }

        /// The change applied to the open article.
        func apply(to article: inout ArticleContent) {
            if case .starred(let id, let isStarred, let stories) = self,
                id == article.id || Self.belongs(article.story, to: stories)
            {
                article.isStarred = isStarred
            }
        }

        /// The change with the stories of the articles it names, as the lists and the open article of `state`
        /// know them (rows and articles read while each story is shown once carry their story).
        func namingStories(in state: RssState) -> Change {
            let rows = state.lists.first.rows + state.lists.second.rows
            func stories(of ids: Set<UUID>) -> Set<Int64> {
                var found = Set(rows.lazy.filter { ids.contains($0.id) }.compactMap(\.story))
                if let article = state.article, ids.contains(article.id), let story = article.story {
                    found.insert(story)
                }
                return found
            }
            switch self {
            case .read(let ids, let isRead, _):
                return .read(ids, isRead, stories: stories(of: ids))
            case .starred(let id, let isStarred, _):
                return .starred(id, isStarred, stories: stories(of: [id]))
            case .allRead(let sources, let before, let storedBefore, _):
                let covered = rows.lazy.filter { Self.covers($0, sources: sources, before: before, storedBefore: storedBefore) }
                return .allRead(
                    sources: sources, before: before, storedBefore: storedBefore,
                    stories: Set(covered.compactMap(\.story)))
            }
        }
    }

    private struct Entry: Sendable, Equatable {
        let change: Change
        /// The generation of each list when the change was made.
        let listGenerations: [ListID: Int]
        /// The article being opened when the change was made.
        let articleRequest: Int
    }

    private var entries: [Entry] = []

    /// Records `change` for the loads under way in `state` (whose own ``RssState/pendingMarks`` is not read).
    mutating func record(_ change: Change, in state: RssState) {
        prune(state)
        guard state.lists.first.isLoading || state.lists.second.isLoading || state.isLoadingArticle else { return }
        entries.append(
            Entry(
                change: change,
                listGenerations: [.first: state.lists.first.generation, .second: state.lists.second.generation],
                articleRequest: state.articleRequest))
    }

    /// The changes made since the load of `list` at `generation` started.
    func changes(since list: ListID, generation: Int) -> [Change] {
        entries.filter { $0.listGenerations[list] == generation }.map(\.change)
    }

    /// The changes made since the article request `request` started.
    func changes(sinceArticleRequest request: Int) -> [Change] {
        entries.filter { $0.articleRequest == request }.map(\.change)
    }

    /// Forgets the changes no load under way needs any more.
    mutating func prune(_ state: RssState) {
        entries.removeAll { entry in
            let first = state.lists.first.isLoading && entry.listGenerations[.first] == state.lists.first.generation
            let second =
                state.lists.second.isLoading && entry.listGenerations[.second] == state.lists.second.generation
            let article = state.isLoadingArticle && entry.articleRequest == state.articleRequest
            return !(first || second || article)
        }
    }
}

extension RssState {
    /// Shows a mark change in both lists and the open article, and keeps it for the loads under way.
    ///
    /// A list filtered by the mark that an article gains reads its page again, after the mark is written, so
    /// that it shows the article: a star while the starred list shows, an article marked unread while the unread
    /// list shows. A row that loses the list's mark (read in the unread list, unstarred in the starred list)
    /// stays where it is, showing its new mark, until the list is next read (a page move, a new filter or order,
    /// new articles, a change from another process): the rows under a reader's cursor do not move while they
    /// read, as in newsboat and most readers.
    mutating func applyMark(_ change: PendingMarks.Change) {
        let change = change.namingStories(in: self)
        for list in ListID.allCases {
            for index in lists[list].rows.indices { change.apply(to: &lists[list].rows[index]) }
            if change.bringsArticles(into: lists[list].filter.marks) { lists[list].reload(.same) }
        }
        if article != nil { change.apply(to: &article!) }
        var marks = pendingMarks
        pendingMarks = PendingMarks()  // so that recording does not copy the entries
        marks.record(change, in: self)
        pendingMarks = marks
    }
}
