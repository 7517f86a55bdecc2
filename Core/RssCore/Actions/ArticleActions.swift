public import Foundation
public import ReduxVM

/// Opens an article: routing shows it, it is marked read, and its content is loaded.
///
/// To read an article without marking it, use the query API (``ReduxVM/Store/article(id:)``).
public struct OpenArticle: JournaledAction, ArticleTag, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.OpenArticle"
    /// The article to show.
    let id: UUID
    /// The command's ticket, for a front that waits for the article to be shown.
    let ticket: CommandTicket?

    /// Opens the article `id`; ``CommandOutcome/done`` under `ticket`, if given, once its content is shown, or
    /// ``RssProblem/articleGone(_:)``.
    public init(id: UUID, ticket: CommandTicket? = nil) {
        self.id = id
        self.ticket = ticket
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
    let ids: [UUID]
    /// Read or unread.
    let isRead: Bool
    /// The command's ticket, for a front that waits for the marks to be stored.
    let ticket: CommandTicket?

    /// Marks `ids` read (or unread); ``CommandOutcome/done`` under `ticket`, if given, once they are stored.
    public init(ids: [UUID], isRead: Bool, ticket: CommandTicket? = nil) {
        self.ids = ids
        self.isRead = isRead
        self.ticket = ticket
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
    let id: UUID
    /// Starred or not.
    let isStarred: Bool
    /// The command's ticket, for a front that waits for the mark to be stored.
    let ticket: CommandTicket?

    /// Stars (or unstars) the article `id`; ``CommandOutcome/done`` under `ticket`, if given, once it is stored.
    public init(id: UUID, isStarred: Bool, ticket: CommandTicket? = nil) {
        self.id = id
        self.isStarred = isStarred
        self.ticket = ticket
    }

    /// Updates the rows and the open article.
    public func updateState(_ state: inout RssState) {
        state.applyMark(.starred(id, isStarred))
    }
}

/// Marks every article read, of one source, of some, of the sources filed under a tag, or of all, optionally only
/// those within a ``Bound`` (dated, or stored, before a time; numbered up to a number); the rows show it at once,
/// and the counts follow once it is stored.
public struct MarkAllRead: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.MarkAllRead"

    /// Which articles of the scope are marked: what a sync client says to leave alone what arrived after it
    /// last looked.
    public enum Bound: Sendable, Equatable {
        /// Those dated before this time (the date lists sort by).
        case datedBefore(Date)
        /// Those this reader stored before this time (``ArticleSnapshot/firstSeen``).
        case storedBefore(Date)
        /// Those numbered up to this number, included (``ArticleSnapshot/number``).
        case numberedUpTo(Int64)
    }

    /// The source, or nil for all (unless ``sourceIDs`` says which).
    let sourceID: UUID?
    /// Only the sources filed under this tag (exactly as written), when set; takes the place of ``sourceID``.
    let tag: String?
    /// These sources (a folder's, say), when set; takes the place of ``sourceID``.
    let sourceIDs: Set<UUID>?
    /// Only articles dated before this time (the date lists sort by), when set: "everything I have seen",
    /// as a sync client says it, leaves what arrived since alone.
    let before: Date?
    /// Only articles stored before this time, when set.
    let storedBefore: Date?
    /// Only articles numbered up to this, when set.
    let upToNumber: Int64?
    /// The command's ticket, for a front that waits for the marks to be stored.
    let ticket: CommandTicket?

    /// Marks everything of `sourceID` (or everything) read.
    public init(sourceID: UUID? = nil) {
        self.init(sourceID: sourceID, tag: nil, sourceIDs: nil, bound: nil, ticket: nil)
    }

    /// Marks everything of the sources filed under `tag` read (within `bound`, when given);
    /// ``CommandOutcome/done`` under `ticket`, if given, once stored.
    public init(tag: String, bound: Bound? = nil, ticket: CommandTicket? = nil) {
        self.init(sourceID: nil, tag: tag, sourceIDs: nil, bound: bound, ticket: ticket)
    }

    /// Marks the articles of `sources` (nil for every source) dated before `before` (nil for any date) read.
    init(sources: Set<UUID>?, before: Date?) {
        self.init(sourceID: nil, tag: nil, sourceIDs: sources, bound: before.map(Bound.datedBefore), ticket: nil)
    }

    /// Marks the articles of `sources` (nil for every source) within `bound` (nil: all of them) read;
    /// ``CommandOutcome/done`` under `ticket`, if given, once stored.
    public init(sources: Set<UUID>?, bound: Bound?, ticket: CommandTicket? = nil) {
        self.init(sourceID: nil, tag: nil, sourceIDs: sources, bound: bound, ticket: ticket)
    }

    private init(sourceID: UUID?, tag: String?, sourceIDs: Set<UUID>?, bound: Bound?, ticket: CommandTicket?) {
        self.sourceID = sourceID
        self.tag = tag
        self.sourceIDs = sourceIDs
        self.ticket = ticket
        switch bound {
        case .datedBefore(let date): (before, storedBefore, upToNumber) = (date, nil, nil)
        case .storedBefore(let date): (before, storedBefore, upToNumber) = (nil, date, nil)
        case .numberedUpTo(let number): (before, storedBefore, upToNumber) = (nil, nil, number)
        case nil: (before, storedBefore, upToNumber) = (nil, nil, nil)
        }
    }

    /// Which articles of the scope are marked; nil for all of them.
    var bound: Bound? {
        if let before { return .datedBefore(before) }
        if let storedBefore { return .storedBefore(storedBefore) }
        return upToNumber.map(Bound.numberedUpTo)
    }

    /// The sources it marks, nil for all (or for a tag's, which the reducer and the storage each resolve).
    var scope: Set<UUID>? { sourceIDs ?? sourceID.map { [$0] } }

    /// Updates the rows (a bound by number is not in the rows: the lists are read again once it is stored).
    public func updateState(_ state: inout RssState) {
        let sources = tag.map { Set(state.sources.tagged($0).map(\.id)) } ?? scope
        if upToNumber != nil {
            state.lists.reloadAll()
        } else {
            state.applyMark(.allRead(sources: sources, before: before, storedBefore: storedBefore))
        }
    }
}

/// Marks were stored: the counts change by what the write counted.
struct MarksSaved: JournaledAction, MarksTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.MarksSaved"
    let change: CountChange
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        state.counts.apply(change)
        state.outcomes.record(.done, for: ticket)
    }
}
