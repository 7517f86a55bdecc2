public import Foundation
import NIOPosix
import Logging
import ReduxVM
import Synchronization

extension LibraryPool {
    /// Libraries stored into at once by a refresh: their fetches overlap (the process's fetcher keeps to 8 at a
    /// time and 2 per host), while at most this many stores are opened for it.
    static let librariesAtOnce = 4

    /// Keeps the feeds of the libraries ``keepCurrent(_:)`` names current until the task is cancelled: when an
    /// address is due for any of them (by that library's schedule for its source), it is fetched once and stored
    /// into every library that follows it and is refreshed on a timer (its `refresh-interval` set), each in its
    /// own transactions, whether its store was open or not. A library's own schedule is honoured: it is never
    /// fetched later than it asks, though it may be stored into sooner, when another library's turn came first.
    @_spi(Serve) public func run() async {
        while !Task.isCancelled {
            let report = await refreshDue()
            let seconds = report.next.map { $0.timeIntervalSince(now()) } ?? TimedRefreshPlan.longestWait
            let wait = min(max(seconds, TimedRefreshPlan.shortestWait), TimedRefreshPlan.longestWait)
            do {
                try await clock.sleep(for: .seconds(wait))
            } catch {
                return
            }
        }
    }

    /// One look of ``run()``: fetches the addresses due now and stores them into their libraries; returns what
    /// it did and when the next address is due.
    @_spi(Benchmarks) public func refreshDue() async -> PoolRefreshReport {
        let started = now()
        let before = hub.counts
        let clockStart = ContinuousClock.now
        let plans = await currentPlans()
        let plan = PoolRefreshPlan(plans, at: started)
        await withTaskGroup(of: Void.self) { group in
            var pending = plan.work[...]
            func startNext() {
                guard let (path, ids) = pending.popFirst() else { return }
                group.addTask { await self.store(into: path, sources: ids, since: started) }
            }
            for _ in 0..<Self.librariesAtOnce { startNext() }
            for await _ in group { startNext() }
        }
        hub.forgetResults()
        let after = hub.counts
        return PoolRefreshReport(
            libraries: plans.count, addressesDue: plan.due.count, librariesStoredInto: plan.work.count,
            fetches: after.fetches - before.fetches, sharedAnswers: after.shared - before.shared,
            duration: ContinuousClock.now - clockStart, next: plan.next)
    }

    /// Fetches `sources` of the library at `path` (through the hub, so that what another library's fetch brought
    /// since `since` serves) and returns once they are stored.
    private func store(into path: String, sources: [UUID], since: Date) async {
        let lease: LibraryLease
        do throws(RssProblem) {
            lease = try await self.lease(URL(fileURLWithPath: path))
        } catch {
            configuration.logger?.warning("cannot refresh the library \(path): \(error)")
            return
        }
        let store = lease.store
        store.dispatch(Refresh(sharedSourceIDs: sources, since: since))
        // Delivered first after the refresh was queued: its sources are pending until each is done.
        _ = await store.firstState { state in !sources.contains(where: state.refresh.pending.contains) }
        withExtendedLifetime(lease) {}
    }

    /// The plan of every library kept current: an open one's from its state, a closed one's as last read unless
    /// its database changed since (read again then, off the cooperative threads).
    private func currentPlans() async -> [PlannedLibrary] {
        let known = kept.withLock { $0 }
        let open = slots.withLock { table in table.compactMapValues(\.store) }
        var plans: [PlannedLibrary] = []
        for (path, last) in known.sorted(by: { $0.key < $1.key }) {
            if let store = open[path] {
                plans.append(PlannedLibrary(store.state, path: path, minimum: configuration.minimumFetchInterval))
                continue
            }
            if let last, last.stamp != nil, last.stamp == DatabaseStamp(path) {
                plans.append(last)
                continue
            }
            let minimum = configuration.minimumFetchInterval
            let read = try? await NIOThreadPool.singleton.runIfActive { () -> Result<PlannedLibrary, DatabaseProblem> in
                do throws(DatabaseProblem) {
                    return .success(try PlannedLibrary(reading: path, minimum: minimum))
                } catch {
                    return .failure(error)
                }
            }
            switch read {
            case .success(let plan)?:
                kept.withLock { table in if table.keys.contains(path) { table[path] = plan } }
                plans.append(plan)
            case .failure(let problem)?:
                configuration.logger?.warning("cannot read the library \(path): \(problem)")
            case nil:
                continue  // the thread pool is shutting down: the process is ending
            }
        }
        return plans
    }
}

/// What one look of a pool's refresh did.
@_spi(Benchmarks) public struct PoolRefreshReport: Sendable {
    /// Libraries kept current.
    @_spi(Benchmarks) public let libraries: Int
    /// Distinct addresses due for at least one of them.
    @_spi(Benchmarks) public let addressesDue: Int
    /// Libraries that stored what came.
    @_spi(Benchmarks) public let librariesStoredInto: Int
    /// Fetches made (requests sent).
    @_spi(Benchmarks) public let fetches: Int
    /// Answers a library took from another's fetch.
    @_spi(Benchmarks) public let sharedAnswers: Int
    /// How long the look took.
    @_spi(Benchmarks) public let duration: Duration
    /// When the next address is due.
    @_spi(Benchmarks) public let next: Date?
}
