import Synchronization

/// The slots behind a ``FetchScheduler``: a global count, a count per host, and one queue of waiters.
///
/// A holder may take several units of the global count at once (``acquire(host:units:)``): a refresh's
/// ``RefreshService/storingBudget`` counts the bytes of the feeds being parsed and stored that way. A holder
/// wanting more units than the whole limit gets them when it is alone, so that nothing waits for ever.
final class FetchLimiter: Sendable {
    /// At most this many units held at once (holders, unless they take several units each).
    let maximumConcurrent: Int
    /// At most this many holders at once for one host.
    let maximumPerHost: Int
    private let state = Mutex(State())

    /// Who holds slots and who waits for one.
    private struct State {
        var running = 0
        var runningPerHost: [String: Int] = [:]
        var waiters: [Waiter] = []
        var nextID = 0
    }

    /// A task waiting for a slot.
    private struct Waiter {
        let id: Int
        let host: String?
        let units: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Limits of `maximumConcurrent` in all (at least 1) and `maximumPerHost` per host (at least 1).
    init(maximumConcurrent: Int, maximumPerHost: Int) {
        self.maximumConcurrent = max(1, maximumConcurrent)
        self.maximumPerHost = max(1, maximumPerHost)
    }

    /// Waits for a slot for `host` (`nil`: no per-host limit) worth `units` of the global limit; throws
    /// ``FetchError/cancelled`` if the task is cancelled first, holding nothing then.
    func acquire(host: String?, units: Int = 1) async throws(FetchError) {
        let granted = state.withLock { state in
            // No waiter ever fits (a release wakes all that do), so room now is not queue-jumping.
            guard hasRoom(for: host, units: units, in: state) else { return false }
            take(host, units: units, in: &state)
            return true
        }
        if granted { return }
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let gotSlot = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let resumeNow: Bool? = state.withLock { state in
                    if Task.isCancelled { return false }
                    if hasRoom(for: host, units: units, in: state) {
                        take(host, units: units, in: &state)
                        return true
                    }
                    state.waiters.append(Waiter(id: id, host: host, units: units, continuation: continuation))
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
        if !gotSlot { throw .cancelled }
    }

    /// Gives back a slot for `host` worth `units` (as acquired) and hands freed slots to the oldest waiters
    /// that fit.
    func release(host: String?, units: Int = 1) {
        let woken = state.withLock { state -> [Waiter] in
            state.running -= units
            if let host {
                let left = (state.runningPerHost[host] ?? 1) - 1
                state.runningPerHost[host] = left > 0 ? left : nil
            }
            var woken: [Waiter] = []
            var index = 0
            while index < state.waiters.count && state.running < maximumConcurrent {
                let waiter = state.waiters[index]
                if hasRoom(for: waiter.host, units: waiter.units, in: state) {
                    take(waiter.host, units: waiter.units, in: &state)
                    woken.append(state.waiters.remove(at: index))
                } else {
                    index += 1
                }
            }
            return woken
        }
        for waiter in woken { waiter.continuation.resume(returning: true) }
    }

    /// Units held now, for tests.
    var running: Int { state.withLock { $0.running } }
    /// Tasks waiting for a slot now, for tests.
    var waiting: Int { state.withLock { $0.waiters.count } }

    private func hasRoom(for host: String?, units: Int, in state: State) -> Bool {
        guard state.running == 0 || state.running + units <= maximumConcurrent else { return false }
        guard let host else { return true }
        return (state.runningPerHost[host] ?? 0) < maximumPerHost
    }

    private func take(_ host: String?, units: Int, in state: inout State) {
        state.running += units
        if let host { state.runningPerHost[host, default: 0] += 1 }
    }
}
