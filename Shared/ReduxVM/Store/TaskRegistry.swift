/// The side-effect tasks a store is tracking: counted for idleness, cancellable by id.
///
/// A task is registered before it starts and its handle attached right after, so a cancellation that
/// arrives in between is remembered and applied on attach.
struct TaskRegistry {
    private struct Entry {
        var id: TaskID?
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    private var entries: [UInt64: Entry] = [:]
    /// The tokens of the tasks started with each id: cancelling by id does not look at every task (a refresh
    /// of 500 sources starts 500 tasks, each cancelling any older one with its id).
    private var tokensByID: [TaskID: Set<UInt64>] = [:]
    private var nextToken: UInt64 = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Registers a new task; returns its token and the handles of tasks it supersedes.
    mutating func begin(id: TaskID?, cancellingInFlight: Bool) -> (UInt64, [Task<Void, Never>]) {
        var superseded: [Task<Void, Never>] = []
        if cancellingInFlight, let id {
            superseded = cancel(id: id)
        }
        nextToken += 1
        entries[nextToken] = Entry(id: id)
        if let id { tokensByID[id, default: []].insert(nextToken) }
        return (nextToken, superseded)
    }

    /// Stores the handle; returns true when the task was cancelled before its handle arrived.
    mutating func attach(_ task: Task<Void, Never>, token: UInt64) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.task = task
        return entries[token]?.isCancelled ?? false
    }

    mutating func end(token: UInt64) {
        guard let entry = entries.removeValue(forKey: token), let id = entry.id else { return }
        tokensByID[id]?.remove(token)
        if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
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
