import Synchronization

/// The slots behind a ``FetchScheduler``: a global count, a count per host, and one queue of waiters.
final class FetchLimiter: Sendable {
    /// At most this many holders at once.
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
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Limits of `maximumConcurrent` in all (at least 1) and `maximumPerHost` per host (at least 1).
    init(maximumConcurrent: Int, maximumPerHost: Int) {
        self.maximumConcurrent = max(1, maximumConcurrent)
        self.maximumPerHost = max(1, maximumPerHost)
    }

    /// Waits for a slot for `host` (`nil`: no per-host limit); throws ``FetchError/cancelled`` if the task is
    /// cancelled first, holding nothing then.
    func acquire(host: String?) async throws(FetchError) {
        let granted = state.withLock { state in
            // No waiter ever fits (a release wakes all that do), so room now is not queue-jumping.
            guard hasRoom(for: host, in: state) else { return false }
            take(host, in: &state)
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
                    if hasRoom(for: host, in: state) {
                        take(host, in: &state)
                        return true
                    }
                    state.waiters.append(Waiter(id: id, host: host, continuation: continuation))
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

    /// Gives back a slot for `host` and hands freed slots to the oldest waiters that fit.
    func release(host: String?) {
        let woken = state.withLock { state -> [Waiter] in
            state.running -= 1
            if let host {
                let left = (state.runningPerHost[host] ?? 1) - 1
                state.runningPerHost[host] = left > 0 ? left : nil
            }
            var woken: [Waiter] = []
            var index = 0
            while index < state.waiters.count && state.running < maximumConcurrent {
                let waiter = state.waiters[index]
                if hasRoom(for: waiter.host, in: state) {
                    take(waiter.host, in: &state)
                    woken.append(state.waiters.remove(at: index))
                } else {
                    index += 1
                }
            }
            return woken
        }
        for waiter in woken { waiter.continuation.resume(returning: true) }
    }

    /// Fetches running now, for tests.
    var running: Int { state.withLock { $0.running } }

    private func hasRoom(for host: String?, in state: State) -> Bool {
        guard state.running < maximumConcurrent else { return false }
        guard let host else { return true }
        return (state.runningPerHost[host] ?? 0) < maximumPerHost
    }

    private func take(_ host: String?, in state: inout State) {
        state.running += 1
        if let host { state.runningPerHost[host, default: 0] += 1 }
    }
}
