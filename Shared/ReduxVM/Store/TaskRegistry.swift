/// The side-effect tasks a store is tracking: counted for idleness, cancellable by id, ordered by lane.
///
/// A task is registered before it starts and its handle attached right after, so a cancellation that
/// arrives in between is remembered and applied on attach. A task started in a ``TaskLane`` is given the
/// token of the lane's previous task, whose end it awaits before running.
struct TaskRegistry {
    private struct Entry {
        var id: TaskID?
        var lane: TaskLane?
        var task: Task<Void, Never>?
        var isCancelled = false
        /// Tasks of the same lane waiting for this one to end.
        var successors: [CheckedContinuation<Void, Never>] = []
    }

    private var entries: [UInt64: Entry] = [:]
    /// The tokens of the tasks started with each id: cancelling by id does not look at every task (a refresh
    /// of 500 sources starts 500 tasks, each cancelling any older one with its id).
    private var tokensByID: [TaskID: Set<UInt64>] = [:]
    private var nextToken: UInt64 = 0
    /// The token of the task started last in each lane, while it runs.
    private var laneTails: [TaskLane: UInt64] = [:]

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Registers a new task; returns its token, the token of the task it must wait for (the previous task
    /// of its lane, still running) and the handles of tasks it supersedes.
    mutating func begin(
        id: TaskID?, lane: TaskLane?, cancellingInFlight: Bool
    ) -> (token: UInt64, predecessor: UInt64?, superseded: [Task<Void, Never>]) {
        var superseded: [Task<Void, Never>] = []
        if cancellingInFlight, let id {
            superseded = cancel(id: id)
        }
        nextToken += 1
        entries[nextToken] = Entry(id: id, lane: lane)
        if let id { tokensByID[id, default: []].insert(nextToken) }
        var predecessor: UInt64?
        if let lane {
            predecessor = laneTails[lane]
            laneTails[lane] = nextToken
        }
        return (nextToken, predecessor, superseded)
    }

    /// Registers `continuation` to resume when the task `token` ends; returns false (and keeps nothing) when
    /// it has already ended.
    mutating func awaitEnd(of token: UInt64, _ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.successors.append(continuation)
        return true
    }

    /// Stores the handle; returns true when the task was cancelled before its handle arrived.
    mutating func attach(_ task: Task<Void, Never>, token: UInt64) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.task = task
        return entries[token]?.isCancelled ?? false
    }

    /// Forgets the task `token`; returns the tasks of its lane that waited for it, to resume.
    mutating func end(token: UInt64) -> [CheckedContinuation<Void, Never>] {
        guard let entry = entries.removeValue(forKey: token) else { return [] }
        if let lane = entry.lane, laneTails[lane] == token { laneTails[lane] = nil }
        if let id = entry.id {
            tokensByID[id]?.remove(token)
            if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
        }
        return entry.successors
    }

    /// Marks the tasks with `id` (every task when nil) cancelled; returns the handles to cancel.
    mutating func cancel(id: TaskID?) -> [Task<Void, Never>] {
        var handles: [Task<Void, Never>] = []
        let tokens = id.map { Array(tokensByID[$0] ?? []) } ?? Array(entries.keys)
        for token in tokens {
            entries[token]?.isCancelled = true
            if let task = entries[token]?.task { handles.append(task) }
        }
        return handles
    }
}
