#if canImport(Glibc)
    import Glibc
#endif
import Foundation

/// What a ``LibraryPool``'s refresh needs of one library: which addresses it follows, and when each of its
/// sources is due by its own schedule (its interval, its feed's and server's hints, its back-off, a server's
/// `Retry-After`: ``SchedulePolicy/schedule(_:userInterval:minimum:)``, as its own timer would have it).
struct PlannedLibrary: Sendable, Equatable {
    /// One enabled source.
    struct PlannedSource: Sendable, Equatable {
        let id: UUID
        let key: FeedHub.Key
        /// When a scheduled refresh fetches it next (a time past: now).
        let due: Date
    }

    /// The library's database file.
    let path: String
    /// Whether it is refreshed on a timer at all (its refresh interval is set).
    let refreshes: Bool
    let sources: [PlannedSource]
    /// The database's files as they were when this was read: a plan read from a closed library is read again
    /// once another program (a REPL, a report) has written to it.
    var stamp: DatabaseStamp?

    /// The plan of a library whose store is open.
    init(_ state: RssState, path: String, minimum: TimeInterval) {
        self.path = path
        let userInterval = state.settings.refreshInterval.map(TimeInterval.init)
        refreshes = userInterval != nil
        sources = state.sources.all.compactMap { source in
            Self.planned(
                id: source.id, url: source.url.absoluteString, policy: source.addressPolicy,
                inputs: ScheduleInputs(source), userInterval: userInterval, minimum: minimum)
        }
        stamp = DatabaseStamp(path)
    }

    /// The plan of a closed library, read from its database.
    init(reading path: String, minimum: TimeInterval) throws(DatabaseProblem) {
        self.path = path
        let stamp = DatabaseStamp(path)
        let database = try FeedDatabase(location: .file(path: path))
        let settings = Settings(stored: try database.allSettings())
        let userInterval = settings.refreshInterval.map(TimeInterval.init)
        refreshes = userInterval != nil
        sources = try database.loadSources().compactMap { stored in
            Self.planned(
                id: stored.id, url: stored.url, policy: stored.addressPolicy, inputs: ScheduleInputs(stored),
                userInterval: userInterval, minimum: minimum)
        }
        self.stamp = stamp
    }

    private static func planned(
        id: UUID, url: String, policy: AddressPolicy, inputs: ScheduleInputs, userInterval: TimeInterval?,
        minimum: TimeInterval
    ) -> PlannedSource? {
        guard inputs.isEnabled, url.hasPrefix("http") || url.hasPrefix("file") else { return nil }
        let schedule = SchedulePolicy.schedule(inputs, userInterval: userInterval, minimum: minimum)
        guard let due = schedule.due else { return nil }
        return PlannedSource(id: id, key: FeedHub.Key(url: url, policy: policy), due: due)
    }
}

/// Identifies one version of a database on disk: its file's and its write-ahead log's sizes and times.
struct DatabaseStamp: Sendable, Equatable {
    let database: [Int]
    let log: [Int]

    init?(_ path: String) {
        func look(_ path: String) -> [Int] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        }
        database = look(path)
        guard !database.isEmpty else { return nil }
        log = look(path + "-wal")
    }
}

/// One refresh of a pool: the addresses due for any of its libraries, and what each library stores.
struct PoolRefreshPlan: Sendable {
    /// For each library with something to store, its sources whose address is due (for it or another).
    let work: [(path: String, sources: [UUID])]
    /// The addresses due.
    let due: Set<FeedHub.Key>
    /// When the next address is due, if any.
    let next: Date?

    /// The refresh at `date` of `libraries`: an address is due when any library that refreshes follows it and is
    /// due; every library that refreshes and follows it stores what its one fetch brings.
    init(_ libraries: [PlannedLibrary], at date: Date) {
        let refreshing = libraries.filter(\.refreshes)
        var earliest: [FeedHub.Key: Date] = [:]
        for library in refreshing {
            for source in library.sources { earliest[source.key] = min(earliest[source.key] ?? source.due, source.due) }
        }
        let due = Set(earliest.filter { $0.value <= date }.keys)
        self.due = due
        next = earliest.values.filter { $0 > date }.min()
        work = refreshing.compactMap { library in
            let ids = library.sources.filter { due.contains($0.key) }.map(\.id)
            return ids.isEmpty ? nil : (library.path, ids)
        }
    }
}
