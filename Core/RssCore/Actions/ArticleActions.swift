public import Foundation
public import ReduxVM

/// Opens an article: routing shows it, it is marked read, and its content is loaded.
public struct OpenArticle: JournaledAction, ArticleTag, MarksTag {
    /// The article to show.
    public let id: UUID

    /// Opens the article `id`.
    public init(id: UUID) {
        self.id = id
    }

    /// Routes to the article and marks it read in both lists and the counts.
    public func updateState(_ state: inout RssState) {
        state.route = .showsArticle(uuid: id)
        if state.article?.id != id { state.article = nil }
        MarkChange.setRead([id], true, in: &state)
    }
}

/// Closes the article and returns to the lists.
public struct CloseArticle: JournaledAction, ArticleTag {
    /// Closes the open article.
    public init() {}

    /// Routes back to the lists.
    public func updateState(_ state: inout RssState) {
        state.route = .lists
        state.article = nil
    }
}

/// Marks articles read or unread; both lists and the counts show it at once.
public struct SetRead: JournaledAction, MarksTag {
    /// The articles.
    public let ids: [UUID]
    /// Read or unread.
    public let isRead: Bool

    /// Marks `ids` read (or unread).
    public init(ids: [UUID], isRead: Bool) {
        self.ids = ids
        self.isRead = isRead
    }

    /// Updates the rows and counts.
    public func updateState(_ state: inout RssState) {
        MarkChange.setRead(ids, isRead, in: &state)
    }
}

/// Stars or unstars an article; both lists and the open article show it at once.
public struct SetStarred: JournaledAction, MarksTag {
    /// The article.
    public let id: UUID
    /// Starred or not.
    public let isStarred: Bool

    /// Stars (or unstars) the article `id`.
    public init(id: UUID, isStarred: Bool) {
        self.id = id
        self.isStarred = isStarred
    }

    /// Updates the rows, the open article and the starred count.
    public func updateState(_ state: inout RssState) {
        var changed = false
        state.lists.updateRows([id]) { row in
            if row.isStarred != isStarred { changed = true }
            row.isStarred = isStarred
        }
        if state.article?.id == id {
            if state.article?.isStarred != isStarred { changed = true }
            state.article?.isStarred = isStarred
        }
        if changed { state.counts.starred = max(0, state.counts.starred + (isStarred ? 1 : -1)) }
    }
}

/// Marks every article read, of one source or of all.
public struct MarkAllRead: JournaledAction, MarksTag {
    /// The source, or nil for all.
    public let sourceID: UUID?

    /// Marks everything of `sourceID` (or everything) read.
    public init(sourceID: UUID? = nil) {
        self.sourceID = sourceID
    }

    /// Updates rows and counts; the database follows.
    public func updateState(_ state: inout RssState) {
        for list in ListID.allCases {
            for index in state.lists[list].rows.indices
            where sourceID == nil || state.lists[list].rows[index].sourceID == sourceID {
                state.lists[list].rows[index].isRead = true
            }
        }
        if let sourceID {
            state.counts.unread = max(0, state.counts.unread - state.counts.unread(in: sourceID))
            state.counts.unreadBySource[sourceID] = 0
        } else {
            state.counts.unread = 0
            state.counts.unreadBySource = [:]
        }
    }
}

/// The shared rule for read marks: rows in both lists change together, and counts follow only real changes.
enum MarkChange {
    static func setRead(_ ids: [UUID], _ isRead: Bool, in state: inout RssState) {
        let wanted = Set(ids)
        var counted = Set<UUID>()
        for list in ListID.allCases {
            for index in state.lists[list].rows.indices where wanted.contains(state.lists[list].rows[index].id) {
                let row = state.lists[list].rows[index]
                if row.isRead != isRead, counted.insert(row.id).inserted {
                    state.counts.readChanged(for: row, isRead: isRead)
                }
                state.lists[list].rows[index].isRead = isRead
            }
        }
    }
}
