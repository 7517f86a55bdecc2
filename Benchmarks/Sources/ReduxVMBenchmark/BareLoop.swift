import Dispatch
import Synchronization

/// What one scenario does on the bare loop's queue for each action: the mutation and the subscriber calls.
protocol LoopBody: AnyObject, SendableMetatype {
    associatedtype Job: Sendable
    func process(_ job: Job)
}

/// The floor the engine is measured against: the same hand-off as a store, with nothing else.
///
/// One thread appends jobs (plain action values, not existentials) to an array under a lock and, when no
/// drain is scheduled, schedules one on a serial queue; the drain swaps the array out and processes the batch.
/// This is the cheapest way found to hand single actions to a serial queue: one `DispatchQueue.async` per
/// action measured slower (see Benchmarks/ENGINE.md). No middleware, no snapshots, no boxes, no idle
/// accounting beyond a final barrier.
///
/// Safety: `body` is touched only by drains, which run on the serial `queue`; `pending` is guarded by its
/// mutex.
final class SerialLoop<Body: LoopBody>: @unchecked Sendable {
    private struct Pending {
        var jobs: [Body.Job] = []
        var isDrainScheduled = false
    }

    private let queue = DispatchQueue(label: "bare-loop", qos: .userInitiated)
    private let pending = Mutex(Pending())
    let body: Body

    init(_ body: Body) {
        self.body = body
    }

    /// Queues `job` for the loop; never waits for it.
    func dispatch(_ job: Body.Job) {
        let mustSchedule = pending.withLock { pending in
            pending.jobs.append(job)
            if pending.isDrainScheduled { return false }
            pending.isDrainScheduled = true
            return true
        }
        if mustSchedule { queue.async { self.drain() } }
    }

    private func drain() {
        var batch: [Body.Job] = []
        while takeBatch(into: &batch) {
            for job in batch { body.process(job) }
            batch.removeAll(keepingCapacity: true)
        }
    }

    private func takeBatch(into batch: inout [Body.Job]) -> Bool {
        pending.withLock { pending in
            if pending.jobs.isEmpty {
                pending.isDrainScheduled = false
                return false
            }
            swap(&pending.jobs, &batch)
            return true
        }
    }

    /// Returns once every job dispatched before the call has been processed: a drain scheduled by any of
    /// them was queued before this barrier and runs until the array is empty.
    func idle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
}
