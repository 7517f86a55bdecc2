import FeedParser
import Foundation
import ReduxVM

/// Reads and writes OPML subscription lists.
final class OPMLService: Service {
    typealias State = RssState

    let database: FeedDatabase
    let now: @Sendable () -> Date

    init(database: FeedDatabase, now: @escaping @Sendable () -> Date) {
        self.database = database
        self.now = now
    }

    var sideEffects: [any SideEffect<OPMLService>] {
        [ImportOPMLSE(), SaveImportedSE(), ExportOPMLSE()]
    }
}

/// ImportOPML → read and parse the file → SourcesImported (or a notice saying why not).
struct ImportOPMLSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: ImportOPML.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: OPMLService) {
        guard let action = box.lastAction(as: ImportOPML.self) else { return }
        let now = service.now
        trunk.run { trunk in
            let path = action.file.path
            let data: Data
            do {
                data = try Data(contentsOf: action.file)
            } catch {
                trunk.dispatch(OperationFailed(message: "cannot read \(path): no such file or not readable", date: now()))
                return
            }
            let document: OPMLDocument
            do throws(FeedParseError) {
                document = try OPMLReader().read(data)
            } catch {
                trunk.dispatch(OperationFailed(message: "cannot import \(path): \(error.description)", date: now()))
                return
            }
            var sources: [Source] = []
            for subscription in document.subscriptions {
                guard let url = URL(string: subscription.xmlURL), case .success(let valid) = SourceURL.validate(url)
                else { continue }
                let title = subscription.title.isEmpty ? SourceURL.provisionalTitle(valid) : subscription.title
                sources.append(
                    Source(
                        id: UUID(), url: valid, title: title,
                        siteLink: subscription.htmlURL.flatMap(URL.init(string:)), tags: subscription.tags,
                        addedAt: action.date))
            }
            trunk.dispatch(SourcesImported(sources: sources, file: action.file.lastPathComponent, date: now()))
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
        let database = service.database
        let now = service.now
        trunk.run { trunk in
            do throws(StorageError) {
                let order = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.id, $0) })
                try database.saveSources(added.compactMap { id in
                    order[id].map { StoredSource(all[$0], sortOrder: $0) }
                })
                trunk.dispatch(Refresh(sourceIDs: added))
            } catch {
                trunk.dispatch(OperationFailed(message: error.description, date: now()))
            }
        }
    }
}

/// ExportOPML → write every source as OPML 2.0 → a notice with the count.
struct ExportOPMLSE: SideEffect {
    func condition(box: StateBox<RssState>) -> Bool {
        box.lastAction(is: ExportOPML.self)
    }

    func execute(box: StateBox<RssState>, trunk: Trunk<RssState>, service: OPMLService) {
        guard let file = box.lastAction(as: ExportOPML.self)?.file else { return }
        let subscriptions = box.state.sources.all.map { source in
            OPMLSubscription(
                title: source.title, xmlURL: source.url.absoluteString, htmlURL: source.siteLink?.absoluteString,
                folderPath: Array(source.tags.prefix(1)), categories: Array(source.tags.dropFirst()))
        }
        let now = service.now
        trunk.run { trunk in
            let data = OPMLWriter().write(title: "RssReeder subscriptions", subscriptions: subscriptions, dateCreated: now())
            do {
                let target: URL
                switch ExportTarget.resolve(file) {
                case .success(let resolved): target = resolved
                case .failure(let refusal):
                    trunk.dispatch(OperationFailed(message: "cannot write \(file.path): \(refusal.reason)", date: now()))
                    return
                }
                try data.write(to: target, options: .atomic)
                trunk.dispatch(
                    OperationSucceeded(
                        message: "exported \(subscriptions.count) source\(subscriptions.count == 1 ? "" : "s") to \(file.path)",
                        date: now()))
            } catch {
                trunk.dispatch(OperationFailed(message: "cannot write \(file.path): \(ExportTarget.reason(error))", date: now()))
            }
        }
    }
}
