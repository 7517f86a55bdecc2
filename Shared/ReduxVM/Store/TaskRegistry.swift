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
        return (nextToken, superseded)
    }

    /// Stores the handle; returns true when the task was cancelled before its handle arrived.
    mutating func attach(_ task: Task<Void, Never>, token: UInt64) -> Bool {
        guard entries[token] != nil else { return false }
        entries[token]?.task = task
        return entries[token]?.isCancelled ?? false
    }

    mutating func end(token: UInt64) {
        entries.removeValue(forKey: token)
    }

    /// Marks the tasks with `id` (every task when nil) cancelled; returns the handles to cancel.
    mutating func cancel(id: TaskID?) -> [Task<Void, Never>] {
        var handles: [Task<Void, Never>] = []
        for (token, entry) in entries where id == nil || entry.id == id {
            entries[token]?.isCancelled = true
            if let task = entry.task { handles.append(task) }
        }
        return handles
    }
}
