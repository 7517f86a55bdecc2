public import Foundation
public import ReduxVM

/// Opens an article: routing shows it, it is marked read, and its content is loaded.
///
/// To read an article without marking it, use the query API (``ReduxVM/Store/article(id:)``).
public struct OpenArticle: JournaledAction, ArticleTag, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.OpenArticle"
    /// The article to show.
    public let id: UUID

    /// Opens the article `id`.
    public init(id: UUID) {
        self.id = id
    }

    /// Routes to the article and marks it read in both lists.
    public func updateState(_ state: inout RssState) {
        state.route = .showsArticle(uuid: id)
        if state.article?.id != id { state.article = nil }
        state.articleRequest += 1
        state.applyMark(.read([id], true))
    }
}

/// Closes the article and returns to the lists.
public struct CloseArticle: JournaledAction, ArticleTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.CloseArticle"
    /// Closes the open article.
    public init() {}

    /// Routes back to the lists.
    public func updateState(_ state: inout RssState) {
        state.route = .lists
        state.article = nil
    }
}

/// Marks articles read or unread; both lists show it at once, and the counts follow once it is stored.
public struct SetRead: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SetRead"
    /// The articles.
    public let ids: [UUID]
    /// Read or unread.
    public let isRead: Bool

    /// Marks `ids` read (or unread).
    public init(ids: [UUID], isRead: Bool) {
        self.ids = ids
        self.isRead = isRead
    }

    /// Updates the rows.
    public func updateState(_ state: inout RssState) {
        state.applyMark(.read(Set(ids), isRead))
    }
}

/// Stars or unstars an article; both lists and the open article show it at once, and the counts follow
/// once it is stored.
public struct SetStarred: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.SetStarred"
    /// The article.
    public let id: UUID
    /// Starred or not.
    public let isStarred: Bool

    /// Stars (or unstars) the article `id`.
    public init(id: UUID, isStarred: Bool) {
        self.id = id
        self.isStarred = isStarred
    }

    /// Updates the rows and the open article.
    public func updateState(_ state: inout RssState) {
        state.applyMark(.starred(id, isStarred))
    }
}

/// Marks every article read, of one source, of some, of the sources filed under a tag, or of all, optionally only
/// those dated before a time; the rows show it at once, and the counts follow once it is stored.
public struct MarkAllRead: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.MarkAllRead"
    /// The source, or nil for all (unless ``sourceIDs`` says which).
    public let sourceID: UUID?
    /// Only the sources filed under this tag (exactly as written), when set; takes the place of ``sourceID``.
    public let tag: String?
    /// These sources (a folder's, say), when set; takes the place of ``sourceID``.
    public let sourceIDs: Set<UUID>?
    /// Only articles dated before this time (the date lists sort by), when set: "everything I have seen",
    /// as a sync client says it, leaves what arrived since alone.
    public let before: Date?

    /// Marks everything of `sourceID` (or everything) read.
    public init(sourceID: UUID? = nil) {
        self.sourceID = sourceID
        self.tag = nil
        self.sourceIDs = nil
        self.before = nil
    }

    /// Marks everything of the sources filed under `tag` read.
    public init(tag: String) {
        self.sourceID = nil
        self.tag = tag
        self.sourceIDs = nil
        self.before = nil
    }

    /// Marks the articles of `sources` (nil for every source) dated before `before` (nil for any date) read.
    public init(sources: Set<UUID>?, before: Date?) {
        self.sourceID = nil
        self.tag = nil
        self.sourceIDs = sources
        self.before = before
    }

    /// The sources it marks, nil for all (or for a tag's, which the reducer and the storage each resolve).
    var scope: Set<UUID>? { sourceIDs ?? sourceID.map { [$0] } }

    /// Updates the rows.
    public func updateState(_ state: inout RssState) {
        let sources = tag.map { Set(state.sources.tagged($0).map(\.id)) } ?? scope
        state.applyMark(.allRead(sources: sources, before: before))
    }
}

/// Marks were stored: the counts change by what the write counted.
struct MarksSaved: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.MarksSaved"
    let change: CountChange

    func updateState(_ state: inout RssState) {
        state.counts.apply(change)
    }
}
