public import Foundation
public import Logging
public import ReduxVM
import Synchronization

/// Several libraries in one process, each its own database and store, as a server for a household or a team
/// keeps them: a library's store is opened on first use and closed when nobody has used it for a while (at most
/// ``Configuration/maximumOpen`` stay open), and the feeds every library follows stay current whether it is
/// open or not, each address fetched once for all the libraries that follow it (``run()``).
///
/// A front asks for a library by its database file and gets a ``LibraryLease``: the store stays open while any
/// lease of it is alive.
///
/// ```swift
/// let pool = LibraryPool(LibraryPool.Configuration())
/// pool.keepCurrent([aliceFile, bobFile])
/// let refresher = Task { await pool.run() }
/// let lease = try await pool.lease(aliceFile)
/// let unread = try await lease.store.articles(ArticleQuery(isRead: false, limit: 50))
/// ```
@_spi(Serve) public final class LibraryPool: Sendable {
    /// How a pool keeps its libraries.
    @_spi(Serve) public struct Configuration: Sendable {
        /// Stores kept open at most; one in use is never closed, so more may be open while they are.
        @_spi(Serve) public var maximumOpen: Int
        /// How long a store nobody uses stays open.
        @_spi(Serve) public var idleTime: Duration
        /// The shortest interval between scheduled fetches of a source (``RssConfiguration``'s).
        @_spi(Serve) public var minimumFetchInterval: TimeInterval
        /// How often an open store looks for what other processes wrote (a REPL on the same file); nil: only
        /// when asked (``ReduxVM/Store/checkForChanges()``).
        @_spi(Serve) public var changeCheckInterval: Duration?
        /// Where each store logs, as ``RssConfiguration/logger``.
        @_spi(Serve) public var logger: Logger?
        /// Records the actions of the store of ``journaledLibrary``, each time it is open
        /// (``RssConfiguration/journal``); the caller closes it when the pool is done.
        @_spi(Serve) public var journal: ActionJournal<RssState>?
        /// The library whose store ``journal`` records.
        @_spi(Serve) public var journaledLibrary: URL?

        /// A pool of at most `maximumOpen` open stores, each closed after `idleTime` unused; `journal` records
        /// the store of `journaledLibrary`.
        @_spi(Serve) public init(
            maximumOpen: Int = 20, idleTime: Duration = .seconds(120),
            minimumFetchInterval: TimeInterval = RssConfiguration.defaultMinimumFetchInterval,
            changeCheckInterval: Duration? = .milliseconds(500), logger: Logger? = nil,
            journal: ActionJournal<RssState>? = nil, journaledLibrary: URL? = nil
        ) {
            self.maximumOpen = max(1, maximumOpen)
            self.idleTime = idleTime
            self.minimumFetchInterval = max(0, minimumFetchInterval)
            self.changeCheckInterval = changeCheckInterval
            self.logger = logger
            self.journal = journal
            self.journaledLibrary = journaledLibrary
        }
    }

    let configuration: Configuration
    /// One fetch and one parse of a feed for all the pool's libraries.
    let hub: FeedHub
    let fetcher: any FeedFetcher
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date
    let slots = Mutex<[String: PoolSlot]>([:])
    /// The libraries ``run()`` keeps current, by path, and what was last read of each closed one.
    let kept = Mutex<[String: PlannedLibrary?]>([:])
    private let janitor = Mutex<Task<Void, Never>?>(nil)

    /// A pool configured so.
    @_spi(Serve) public convenience init(_ configuration: Configuration) {
        let fetcher = configuration.logger.map { LoggingFetcher(wrapped: RssStore.sharedFetcher, logger: $0) }
            ?? RssStore.sharedFetcher
        self.init(configuration, fetcher: fetcher, clock: ContinuousClock(), now: { Date() })
    }

    /// A pool whose wall clock is `now`: the benchmark moves it to make every source due at once.
    @_spi(Benchmarks) public convenience init(_ configuration: Configuration, now: @escaping @Sendable () -> Date) {
        self.init(configuration, fetcher: RssStore.sharedFetcher, clock: ContinuousClock(), now: now)
    }

    /// A pool on explicit dependencies: the seam tests and benchmarks use.
    init(
        _ configuration: Configuration, fetcher: any FeedFetcher, clock: any Clock<Duration>,
        now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.fetcher = fetcher
        self.clock = clock
        self.now = now
        hub = FeedHub(keptFor: configuration.minimumFetchInterval)
        startJanitor()
    }

    /// The libraries whose feeds ``run()`` keeps current, open or not: each library's database file. Replaces
    /// the set given before; a library taken out of it is still opened when leased.
    @_spi(Serve) public func keepCurrent(_ libraries: [URL]) {
        let paths = Set(libraries.map(\.path))
        kept.withLock { table in
            table = Dictionary(uniqueKeysWithValues: paths.map { ($0, table[$0] ?? nil) })
        }
    }

    /// The store of the library at `file`, opened when it is not (its database created when missing), held
    /// open while the lease lives.
    ///
    /// Throws ``RssProblem/database(_:)`` when the database cannot be opened or read.
    @_spi(Serve) public func lease(_ file: URL) async throws(RssProblem) -> LibraryLease {
        let path = file.standardizedFileURL.path
        while true {
            switch claim(path) {
            case .open(let store):
                return LibraryLease(store: store, file: file, pool: self)
            case .opening(let task):
                switch await task.value {
                case .success(let store):
                    settleOpened(path, store)
                    return LibraryLease(store: store, file: file, pool: self)
                case .failure(let problem):
                    forgetFailedOpen(path, task)
                    throw problem
                }
            case .closing(let task):
                await task.value
            }
        }
    }

    /// How many stores are open now (opening and closing ones included).
    @_spi(Serve) public var openCount: Int { slots.withLock { $0.count } }

    /// Closes every store, waiting for the work each has under way; the pool is not used after.
    @_spi(Serve) public func close() async {
        janitor.withLock { $0.take() }?.cancel()
        let open = slots.withLock { table in table.compactMap { path, slot in slot.store.map { (path, $0) } } }
        for (path, store) in open { await shutDown(store, path: path) }
        slots.withLock { $0.removeAll() }
    }

    // MARK: Closing idle stores

    private func startJanitor() {
        let clock = self.clock
        let step = configuration.idleTime / 4
        let task = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await clock.sleep(for: max(step, .milliseconds(50)))
                } catch {
                    return
                }
                await self?.closeIdle()
            }
        }
        janitor.withLock { $0 = task }
    }

    /// Closes the stores unused for ``Configuration/idleTime``, and the least recently used of those unused
    /// beyond ``Configuration/maximumOpen``.
    func closeIdle() async {
        let now = ContinuousClock.now
        let idle = configuration.idleTime
        let maximum = configuration.maximumOpen
        let closing = slots.withLock { table -> [(String, Store<RssState>, Task<Void, Never>)] in
            var unused = table.filter { $0.value.isIdle }.sorted { $0.value.lastUsed < $1.value.lastUsed }
            var chosen = unused.filter { now - $0.value.lastUsed >= idle }.map(\.key)
            unused.removeAll { chosen.contains($0.key) }
            let over = table.count - chosen.count - maximum
            if over > 0 { chosen += unused.prefix(over).map(\.key) }
            return chosen.compactMap { path in
                guard let store = table[path]?.store else { return nil }
                let task = Task { [self] in await shutDown(store, path: path) }
                table[path]?.phase = .closing(task)
                return (path, store, task)
            }
        }
        for (path, _, task) in closing {
            await task.value
            slots.withLock { table in
                if case .closing = table[path]?.phase { table[path] = nil }
            }
        }
    }

    /// Stops `store`'s work (its timers, its tasks) and merges its write-ahead log when no other process uses
    /// the file; the store is dropped after.
    private func shutDown(_ store: Store<RssState>, path: String) async {
        // What the store knows of its sources is what the next plan of this library starts from.
        let plan = PlannedLibrary(store.state, path: path, minimum: configuration.minimumFetchInterval)
        kept.withLock { table in if table.keys.contains(path) { table[path] = plan } }
        store.trunk.cancelAll()
        await store.idle()
        do {
            _ = try await store.closeDatabase()
        } catch {
            configuration.logger?.warning("closing \(path): \(error)")
        }
    }

    // MARK: Slots

    /// Takes a lease of `path`'s slot, starting to open it when there is none.
    private func claim(_ path: String) -> PoolSlot.Claim {
        slots.withLock { table in
            if var slot = table[path] {
                let claim = slot.claim()
                table[path] = slot
                return claim
            }
            let task = Task { [self] in await open(path) }
            table[path] = PoolSlot(opening: task)
            return .opening(task)
        }
    }

    private func settleOpened(_ path: String, _ store: Store<RssState>) {
        slots.withLock { table in
            if case .opening = table[path]?.phase { table[path]?.phase = .open(store) }
        }
    }

    private func forgetFailedOpen(_ path: String, _ task: Task<Result<Store<RssState>, RssProblem>, Never>) {
        slots.withLock { table in
            if case .opening(let opening) = table[path]?.phase, opening == task { table[path] = nil }
        }
    }

    /// Gives back a lease of `path`; a pool over its bound closes what nobody uses at once.
    func release(_ path: String) {
        let over = slots.withLock { table -> Bool in
            table[path]?.release()
            return table.count > configuration.maximumOpen
        }
        if over { Task { await closeIdle() } }
    }

    /// Opens the store of `path` and waits for it to have read the database.
    private func open(_ path: String) async -> Result<Store<RssState>, RssProblem> {
        let database: FeedDatabase
        do throws(DatabaseProblem) {
            database = try FeedDatabase(location: .file(path: path))
        } catch {
            return .failure(.database(error))
        }
        let journal = configuration.journaledLibrary?.standardizedFileURL.path == path ? configuration.journal : nil
        let store = RssStore.make(
            database: database, fetcher: fetcher, clock: clock, now: now, refreshesPeriodically: false,
            minimumFetchInterval: configuration.minimumFetchInterval,
            changeCheckInterval: configuration.changeCheckInterval, journal: journal, logger: configuration.logger,
            hub: hub)
        // Not idle(): a store that checks for other processes' writes on a timer is never idle. The start's
        // reading of the database is in the database lane, so a check queued behind it ends after it.
        await store.checkForChanges()
        guard store.state.isStarted else {
            store.trunk.cancelAll()
            let problem = store.state.notices.items.last { $0.kind == .error }?.problem
            return .failure(problem ?? .database(DatabaseProblem(path: path, operation: .loadSources, failure: .damaged)))
        }
        return .success(store)
    }
}
