/// The store's FIFO of pending jobs, and the accounting that tells when the store is idle.
///
/// `dispatch` only appends under a short lock and, when no drain is under way, schedules one on the
/// store's queue; the drain takes the whole backlog at once (its chunks, see ``JobChunk``), so a burst of
/// actions costs one lock per action on the producer side and one per batch on the consumer side. A job counts as
/// outstanding from enqueue until its batch is processed, and a tracked task from start to end, so the
/// store is idle exactly when both counts are zero; nothing can slip between them because an action
/// dispatched by a task is counted before the task itself ends.
@usableFromInline
final class Mailbox<State: Sendable>: Sendable {
    @usableFromInline
    struct Contents {
        /// The queued jobs, in order; only the last chunk may have room left.
        @usableFromInline var filled: [JobChunk<State>] = []
        /// The last chunk of `filled`, unretained (`filled` keeps it), so that appending costs no retain.
        @usableFromInline var tail: Unmanaged<JobChunk<State>>?
        /// Emptied chunks kept for reuse.
        @usableFromInline var spare: [JobChunk<State>] = []
        @usableFromInline var isDrainScheduled = false
        @usableFromInline var outstandingJobs = 0
        @usableFromInline var nextSequence: UInt64 = 0
        var tasks = TaskRegistry()
        var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiterID: UInt64 = 0

        @usableFromInline
        var isIdle: Bool { outstandingJobs == 0 && tasks.isEmpty }

        @usableFromInline
        mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
            guard isIdle, !idleWaiters.isEmpty else { return [] }
            defer { idleWaiters.removeAll() }
            return Array(idleWaiters.values)
        }

        /// How many emptied chunks to keep: enough for the usual trickle of actions, not a burst's worth.
        @usableFromInline static var spareLimit: Int { 4 }

        /// Claims room for an action in the last chunk, or in a new one when it is full (see
        /// ``JobChunk/claim(for:file:function:line:)``).
        @inlinable
        mutating func claim<A: Action<State>>(
            for _: A.Type, file: String, function: String, line: UInt
        ) -> UnsafeMutableRawPointer {
            if let slot = tail?._withUnsafeGuaranteedRef({
                $0.claim(for: A.self, file: file, function: function, line: line)
            }) {
                return slot
            }
            return newTail().claim(for: A.self, file: file, function: function, line: line).unsafelyUnwrapped
        }

        @inlinable
        mutating func append(control: @escaping @Sendable (StoreCore<State>) -> Void) {
            if tail?._withUnsafeGuaranteedRef({ $0.append(control: control) }) == true { return }
            _ = newTail().append(control: control)
        }

        @inlinable
        mutating func newTail() -> JobChunk<State> {
            let chunk = spare.popLast() ?? JobChunk()
            filled.append(chunk)
            tail = Unmanaged.passUnretained(chunk)
            return chunk
        }

        /// Keeps a few of `chunks` (all emptied) for reuse and drops the rest.
        @inlinable
        mutating func recycle(_ chunks: inout [JobChunk<State>]) {
            while spare.count < Self.spareLimit, let chunk = chunks.popLast() {
                spare.append(chunk)
            }
            chunks.removeAll(keepingCapacity: true)
        }

        @inlinable
        mutating func scheduleDrainIfNeeded() -> Bool {
            if isDrainScheduled { return false }
            isDrainScheduled = true
            return true
        }
    }

    @usableFromInline let contents = Locked(Contents())

    @usableFromInline
    init() {}

    /// Appends an action; returns its sequence number (the executor counts it again, see
    /// ``StoreCore/lastSequence``) and whether the caller must schedule a drain.
    @inlinable
    func enqueue<A: Action<State>>(
        _ action: consuming A, file: String, function: String, line: UInt
    ) -> (sequence: UInt64, mustScheduleDrain: Bool) {
        // Locked by hand rather than in a closure, which could only copy the action: it moves into its slot.
        contents.lock()
        defer { contents.unlock() }
        contents.value.nextSequence += 1
        let slot = contents.value.claim(for: A.self, file: file, function: function, line: line)
        if ActionKind<State>.storesInPlace(A.self) {
            slot.initializeMemory(as: A.self, to: consume action)
        } else {
            slot.initializeMemory(as: (any Action<State>).self, to: consume action)
        }
        contents.value.outstandingJobs += 1
        return (contents.value.nextSequence, contents.value.scheduleDrainIfNeeded())
    }

    /// Appends control work; returns whether the caller must schedule a drain.
    @usableFromInline
    func enqueue(control: @escaping @Sendable (StoreCore<State>) -> Void) -> Bool {
        contents.withLock { contents in
            contents.append(control: control)
            contents.outstandingJobs += 1
            return contents.scheduleDrainIfNeeded()
        }
    }

    /// Replaces `batch` (the chunks of the previous batch, emptied) with the chunks of every pending job.
    /// When there is none, marks the drain as finished and returns false: the next enqueue schedules a new
    /// one.
    @inlinable
    func takeBatch(into batch: inout [JobChunk<State>]) -> Bool {
        contents.withLock { contents in
            contents.recycle(&batch)
            if contents.filled.isEmpty {
                contents.isDrainScheduled = false
                return false
            }
            swap(&contents.filled, &batch)
            contents.tail = nil
            return true
        }
    }

    /// Records that `count` jobs were processed, waking idle waiters when nothing else is left.
    @inlinable
    func finish(jobs count: Int) {
        let waiters = contents.withLock { contents in
            contents.outstandingJobs -= count
            return contents.takeIdleWaitersIfIdle()
        }
        for waiter in waiters { waiter.resume() }
    }

    /// True when no job is queued or being processed and no tracked task is running.
    var isIdle: Bool { contents.withLock { $0.isIdle } }

    /// Suspends until the store is idle. Returns at once when it already is, or when the waiting task is
    /// cancelled.
    func waitUntilIdle() async {
        let id = contents.withLock { contents in
            contents.nextWaiterID += 1
            return contents.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = contents.withLock { contents in
                    if contents.isIdle || Task.isCancelled { return true }
                    contents.idleWaiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = contents.withLock { $0.idleWaiters.removeValue(forKey: id) }
            waiter?.resume()
        }
    }

    // MARK: Tracked tasks

    /// Registers a task about to start, cancelling the running ones with the same id when asked; returns
    /// its token and the task of its lane it must wait for.
    func beginTask(id: TaskID?, lane: TaskLane?, cancellingInFlight: Bool) -> (token: UInt64, predecessor: UInt64?) {
        let (token, predecessor, superseded) = contents.withLock { contents in
            contents.tasks.begin(id: id, lane: lane, cancellingInFlight: cancellingInFlight)
        }
        for task in superseded { task.cancel() }
        return (token, predecessor)
    }

    /// Suspends until the tracked task `token` has ended (at once when it already has). Not cancellable:
    /// a lane's order holds even for a cancelled task.
    func waitForEnd(of token: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = contents.withLock { $0.tasks.awaitEnd(of: token, continuation) }
            if !waiting { continuation.resume() }
        }
    }

    /// Gives the registry the handle of a started task, so that it can be cancelled.
    func attach(_ task: Task<Void, Never>, token: UInt64) {
        let cancelAtOnce = contents.withLock { $0.tasks.attach(task, token: token) }
        if cancelAtOnce { task.cancel() }
    }

    /// Records the end of a tracked task, waking idle waiters when nothing else is left.
    func endTask(token: UInt64) {
        let (successors, waiters) = contents.withLock { contents in
            (contents.tasks.end(token: token), contents.takeIdleWaitersIfIdle())
        }
        for successor in successors { successor.resume() }
        for waiter in waiters { waiter.resume() }
    }

    /// Cancels the running tasks with `id` (all of them when `id` is nil).
    func cancelTasks(id: TaskID?) {
        let tasks = contents.withLock { $0.tasks.cancel(id: id) }
        for task in tasks { task.cancel() }
    }

    /// The number of tracked tasks still running.
    var runningTaskCount: Int { contents.withLock { $0.tasks.count } }
}
