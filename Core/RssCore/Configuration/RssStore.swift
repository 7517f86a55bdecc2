import Foundation
import Logging
public import ReduxVM

/// Builds a running reader: the database opened, the store made with its services, and the session started.
///
/// ```swift
/// let store = try RssStore.make(RssConfiguration(database: .inMemory))
/// store.dispatch(AddSource(url: sampleFeedURL))
/// await store.idle()
/// for row in store.state.lists.first.rows { print(row.title) }
/// let unread = try await store.articles(ArticleQuery(isRead: false, limit: 50))
/// ```
public enum RssStore {
    /// Opens the configured database and returns a started store. Reading the database happens right after,
    /// on the store's executor; `await store.idle()` waits for it (and for anything dispatched since).
    ///
    /// Throws ``RssProblem/database(_:)`` when the database cannot be opened: its directory cannot be
    /// made, the path is not a regular file, the file is not a database, is damaged, or was written by a
    /// newer version (``DatabaseFailure``).
    public static func make(_ configuration: RssConfiguration) throws(RssProblem) -> Store<RssState> {
        let database: FeedDatabase
        do throws(DatabaseProblem) {
            database = try FeedDatabase(location: configuration.database.location)
        } catch {
            throw .database(error)
        }
        let logger = configuration.logger
        logger?.info(
            "opened database \(configuration.database.location.displayPath)",
            metadata: ["new": "\(database.isNew)", "schema": "\(FeedSchema.currentVersion)"])
        let fetcher = logger.map { LoggingFetcher(wrapped: sharedFetcher, logger: $0) } ?? sharedFetcher
        let store = make(
            database: database, fetcher: fetcher, clock: ContinuousClock(), now: { Date() },
            refreshesPeriodically: configuration.refreshesPeriodically,
            minimumFetchInterval: configuration.minimumFetchInterval, changeCheckInterval: configuration.changeCheckInterval,
            journal: configuration.journal, logger: logger)
        if database.isNew, let sources = configuration.firstRunSources {
            store.dispatch(ImportOPML(file: sources))
        }
        return store
    }

    /// The fetcher of every store in the process: `file://` from disk, http(s) through one HTTP client, at most
    /// 8 fetches at a time and 2 per host. One client for the process, never released, like
    /// AsyncHTTPClient's own shared client: a client must be shut down before it is released, and a process
    /// that ends needs no shutdown.
    static let sharedFetcher: any FeedFetcher = FetchScheduler(
        CompositeFetcher(http: HTTPFeedFetcher(configuration: .shared())), maximumConcurrent: 8, maximumPerHost: 2)

    /// Builds a started store on explicit dependencies: the seam tests and benchmarks use.
    static func make(
        database: FeedDatabase, fetcher: any FeedFetcher, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date, refreshesPeriodically: Bool,
        minimumFetchInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval,
        changeCheckInterval: Duration? = nil, journal: ActionJournal<RssState>? = nil, logger: Logger? = nil,
        jitter: JitterSource = .system, hub: FeedHub? = nil
    ) -> Store<RssState> {
        // Actions are logged at debug, each with the file and line that dispatched it; not the twice-a-second
        // look for other processes' changes, only what it finds.
        let logging = logger.map { LoggingMiddleware(logger: $0, level: .debug, excluding: [CheckForChanges.self]) }
        let store = Store(
            state: RssState(), middleware: logging.map { [$0] } ?? [],
            journal: journal, logger: logger ?? Logger(label: "RssCore.Store"))
        for service in services(
            database: database, fetcher: fetcher, clock: clock, now: now,
            refreshesPeriodically: refreshesPeriodically, minimumFetchInterval: minimumFetchInterval,
            changeCheckInterval: changeCheckInterval, jitter: jitter, hub: hub)
        {
            service.register(on: store)
        }
        store.dispatch(Start())
        return store
    }

    /// The services of a reader, in registration order.
    static func services(
        database: FeedDatabase, fetcher: any FeedFetcher, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date, refreshesPeriodically: Bool,
        minimumFetchInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval,
        changeCheckInterval: Duration? = nil, jitter: JitterSource = .system, hub: FeedHub? = nil
    ) -> [any RegistrableService] {
        // What discovery fetched serves the first fetch of the feed it follows (see FetchHandOff).
        let handOff = FetchHandOff(fetcher, now: now)
        return [
            LibraryService(database: database, now: now, clock: clock, changeCheckInterval: changeCheckInterval),
            RefreshService(
                database: database, fetcher: handOff, clock: clock, now: now,
                refreshesPeriodically: refreshesPeriodically, minimumInterval: minimumFetchInterval, jitter: jitter,
                hub: hub),
            OPMLService(database: database, now: now),
            DiscoveryService(fetcher: handOff, now: now),
            FullTextService(database: database, fetcher: fetcher, now: now),
        ]
    }
}

/// A service that can register itself on a reader's store (lets a list of different services be registered).
protocol RegistrableService: Sendable {
    func register(on store: Store<RssState>)
}

extension LibraryService: RegistrableService {
    func register(on store: Store<RssState>) { store.register(self) }
}

extension RefreshService: RegistrableService {
    func register(on store: Store<RssState>) { store.register(self) }
}

extension OPMLService: RegistrableService {
    func register(on store: Store<RssState>) { store.register(self) }
}

extension DiscoveryService: RegistrableService {
    func register(on store: Store<RssState>) { store.register(self) }
}

extension FullTextService: RegistrableService {
    func register(on store: Store<RssState>) { store.register(self) }
}

extension RssConfiguration.Database {
    var location: DatabaseLocation {
        switch self {
        case .standard: DatabaseLocation.defaultFile()
        case .file(let url): .file(path: url.path)
        case .inMemory: .inMemory
        }
    }
}
