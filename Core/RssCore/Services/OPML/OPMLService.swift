import FeedParser
import Foundation
import ReduxVM

/// Reads and writes OPML subscription lists.
final class OPMLService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let now: @Sendable () -> Date
    /// Where the hosts of imported feeds lead, for an import under a restricted policy.
    let hosts: HostCheck

    init(database: FeedDatabase, now: @escaping @Sendable () -> Date, resolver: any HostResolver = SystemHostResolver()) {
        self.database = database
        self.now = now
        hosts = HostCheck(resolver: resolver)
    }

    var sideEffects: [any SideEffect<OPMLService>] {
        [ImportOPMLSE(), SaveImportedSE(), ExportOPMLSE()]
    }
}

/// ImportOPML → read and parse the file, judge its feeds' addresses → SourcesImported (or a problem saying why
/// not).
struct ImportOPMLSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: ImportOPML.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: OPMLService) {
        guard let action = box.lastAction(as: ImportOPML.self) else { return }
        let now = service.now
        let rules = box.state.rules
        let hosts = service.hosts
        trunk.run { trunk in
            let document: OPMLDocument
            do throws(FileProblem) {
                if let data = action.document {
                    document = try OPMLFile.parse(data)
                } else {
                    document = try OPMLFile.read(action.file)
                }
            } catch {
                let name = action.document == nil ? action.file.path : action.file.lastPathComponent
                trunk.dispatch(ProblemOccurred(problem: .importFailed(file: name, error), date: now(), ticket: action.ticket))
                return
            }
            // A document has no place of its own: its relative addresses are relative to nothing.
            let base = action.document == nil ? action.file : nil
            let policy = action.policy
            let tags = OPMLFile.tags(in: document, of: base, policy: policy)
            var (followable, refused) = OPMLFile.judged(document, of: base, policy: policy)
            let leadNowhere = await hosts.refusals(of: Set(followable.compactMap { $0.url.host }), policy: policy)
            if !leadNowhere.isEmpty {
                refused += followable.compactMap { entry in
                    entry.url.host.flatMap { leadNowhere[$0] }.map {
                        RefusedFeed(address: SourceURL.display(entry.url), refusal: .notAllowed($0))
                    }
                }
                followable.removeAll { $0.url.host.map { leadNowhere[$0] != nil } ?? false }
            }
            let sources = followable.map { subscription, url in
                Source(
                    id: UUID(), url: url,
                    title: subscription.title.isEmpty ? SourceURL.provisionalTitle(url) : subscription.title,
                    siteLink: subscription.htmlURL.flatMap(URL.init(string:)),
                    tags: TagName.normalized(tags[url] ?? subscription.tags), addedAt: action.date,
                    addressPolicy: policy)
            }
            trunk.dispatch(
                SourcesImported(
                    sources: sources, file: action.file.lastPathComponent, date: now(), refused: refused,
                    ticket: action.ticket))
            // Saved queries come too, those whose names are not in use.
            for query in SavedQueryOPML.queries(in: document) where rules.query(named: query.name) == nil {
                trunk.dispatch(SaveQuery(query))
            }
        }
    }
}

/// SourcesImported → store the added sources → Refresh them.
struct SaveImportedSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: SourcesImported.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: OPMLService) {
        guard let imported = box.lastAction(as: SourcesImported.self) else { return }
        let added = imported.added(in: box)
        guard !added.isEmpty else { return }
        let all = box.state.sources.all
        DatabaseLane.run(trunk, database: service.database, now: service.now) { database throws(DatabaseProblem) in
            let order = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
            try database.saveSources(added.compactMap { id in order[id].map { StoredSource(all[$0], sortOrder: $0) } })
            return Refresh(sourceIDs: added)
        }
    }
}

/// ExportOPML → write every source as OPML 2.0 → OPMLExported (or a problem saying why not).
struct ExportOPMLSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: ExportOPML.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: OPMLService) {
        guard let action = box.lastAction(as: ExportOPML.self) else { return }
        let file = action.file
        let state = box.state
        let count = state.sources.all.count
        let now = service.now
        trunk.run { trunk in
            let data = OPMLExport.document(of: state, at: now())
            do throws(FileProblem) {
                try ExportTarget.write(data, to: file)
                trunk.dispatch(OPMLExported(file: file.path, sources: count, date: now(), ticket: action.ticket))
            } catch {
                trunk.dispatch(ProblemOccurred(problem: .exportFailed(file: file.path, error), date: now(), ticket: action.ticket))
            }
        }
    }
}

/// The OPML document of a library: what ``ExportOPML`` writes and ``ReduxVM/Store/exportedOPML()`` returns.
enum OPMLExport {
    /// Every source as an OPML 2.0 outline, tags as folders, and the saved queries (in a namespace other readers
    /// ignore).
    static func document(of state: RssState, at date: Date) -> Data {
        // A tag is a folder, and a source with several tags is listed in each (as other readers export a feed
        // in several folders); an import gathers them back.
        let subscriptions = state.sources.all.flatMap { source in
            (source.tags.isEmpty ? [nil] : source.tags.map(Optional.some)).map { tag in
                OPMLSubscription(
                    title: source.title, xmlURL: source.url.absoluteString,
                    htmlURL: source.siteLink?.absoluteString, folderPath: tag.map { [$0] } ?? [])
            }
        }
        return OPMLWriter().write(
            title: "RssReeder subscriptions", subscriptions: subscriptions, dateCreated: date,
            extensions: state.rules.queries.map(SavedQueryOPML.element))
    }
}
