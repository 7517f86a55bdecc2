public import Foundation
public import ReduxVM

/// Imports the subscriptions of an OPML file, or of an OPML document a program received: new feeds are added
/// (folders become tags) and fetched; feeds already followed are left alone, and so are those the
/// ``AddressPolicy`` refuses, judged when they are added (a host written as an address in any of its forms,
/// `2130706433` or `0x7f.1` as well as `127.0.0.1`, and under a policy that is not ``AddressPolicy/unrestricted``
/// a name that leads only to addresses it refuses). Posts ``Notice/Event/imported(file:added:alreadyFollowed:)``
/// and, when feeds were refused, ``Notice/Event/importRefused(file:feeds:)``; or ``RssProblem/importFailed(file:_:)``
/// when the file cannot be read as OPML. With a ticket, ``CommandOutcome/imported(_:)`` says what became of each
/// feed.
public struct ImportOPML: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ImportOPML"
    /// The OPML file to read, or, for a document, its name (relative addresses in a document are refused).
    let file: URL
    /// The document itself, when it is not read from `file`.
    let document: Data?
    /// When the import was asked for (the added sources' date).
    let date: Date
    /// What the imported sources' fetches may reach (optional in journals written before policies).
    let restrictedPolicy: AddressPolicy?
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// What the imported sources' fetches may reach.
    var policy: AddressPolicy { restrictedPolicy ?? .unrestricted }

    /// Imports `file`; its outcome is recorded under `ticket`, if given.
    public init(file: URL, date: Date = Date(), ticket: CommandTicket? = nil) {
        self.file = file
        self.document = nil
        self.date = date
        restrictedPolicy = nil
        self.ticket = ticket
    }

    /// Imports `document` (named `name` in notices and problems), its sources reaching what `policy` allows; its
    /// outcome is recorded under `ticket`, if given.
    public init(
        document: Data, named name: String, date: Date = Date(), policy: AddressPolicy = .unrestricted,
        ticket: CommandTicket? = nil
    ) {
        self.file = URL(fileURLWithPath: "/").appendingPathComponent(name)
        self.document = document
        self.date = date
        restrictedPolicy = policy == .unrestricted ? nil : policy
        self.ticket = ticket
    }

    /// Nothing changes until the file is read.
    public func updateState(_ state: inout RssState) {}
}

/// Writes every source to an OPML 2.0 file, tags as folders; a file already there is replaced whole.
/// Posts ``Notice/Event/exported(file:sources:)``, or ``RssProblem/exportFailed(file:_:)`` when the file
/// cannot be written (no such directory, not a regular file, no space …); with a ticket,
/// ``CommandOutcome/exported(sources:)`` or ``CommandOutcome/failed(_:)`` says which.
public struct ExportOPML: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    public static let journalName = "RssCore.ExportOPML"
    /// Where to write.
    let file: URL
    /// The command's ticket, for a front that waits for its outcome.
    let ticket: CommandTicket?

    /// Exports to `file`; its outcome is recorded under `ticket`, if given.
    public init(file: URL, ticket: CommandTicket? = nil) {
        self.file = file
        self.ticket = ticket
    }

    /// Nothing changes until the file is written.
    public func updateState(_ state: inout RssState) {}
}

/// An OPML export was written.
struct OPMLExported: JournaledAction, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.OPMLExported"
    let file: String
    let sources: Int
    let date: Date
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        state.notices.post(.exported(file: file, sources: sources), at: date)
        state.outcomes.record(.exported(sources: sources), for: ticket)
    }
}

/// The sources read from an OPML file, with ids and dates made by the side effect.
struct SourcesImported: JournaledAction, SourcesTag, NoticesTag {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.SourcesImported"
    let sources: [Source]
    let file: String
    let date: Date
    /// The feeds the document lists that were not followed, and why (absent in journals written before).
    var refused: [RefusedFeed]? = nil
    var ticket: CommandTicket? = nil

    func updateState(_ state: inout RssState) {
        let known = Set(state.sources.all.map(\.url))
        var seen = Set<URL>()
        let fresh = sources.filter { !known.contains($0.url) && seen.insert($0.url).inserted }
        state.sources.all.append(contentsOf: fresh)
        let outcome = OPMLImport(added: fresh.count, alreadyFollowed: sources.count - fresh.count, refused: refused ?? [])
        state.notices.post(.imported(file: file, added: outcome.added, alreadyFollowed: outcome.alreadyFollowed), at: date)
        if !outcome.refused.isEmpty { state.notices.post(.importRefused(file: file, feeds: outcome.refused), at: date) }
        state.outcomes.record(.imported(outcome), for: ticket)
    }

    /// The ids this import actually added to `state`.
    func added(in box: StateBox<RssState>) -> [UUID] {
        let before = Set(box.oldState.sources.all.map(\.id))
        return box.state.sources.all.map(\.id).filter { !before.contains($0) }
    }
}
