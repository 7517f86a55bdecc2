/// The handle through which presenters, commands and side effects talk back to the store.
///
/// A trunk only dispatches actions and runs tracked tasks; it cannot read or write the state, which keeps
/// data flowing one way. It refers to its store weakly, so a command kept by a view or a task that
/// outlives its store does nothing instead of keeping the store alive.
public struct Trunk<State: Sendable>: Sendable {
    @usableFromInline let reference: StoreReference<State>

    @inlinable
    init(_ reference: StoreReference<State>) {
        self.reference = reference
    }

    private var store: Store<State>? { reference.store }

    /// Queues `action` behind every action already queued. Callable from any thread; never blocks.
    public func dispatch(
        _ action: some Action<State>,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        store?.dispatch(action, file: file, function: function, line: line)
    }

    /// Runs `operation` as a task the store tracks: ``Store/idle()`` waits for it, and it can be cancelled
    /// by `id` with ``cancel(id:)``. With `cancellingInFlight`, starting it cancels running tasks with the
    /// same id first (a newer refresh replaces an older one).
    ///
    /// The operation reports its outcome by dispatching through the trunk it is given. It should check
    /// cancellation (`Task.isCancelled`, or a throwing sleep) and then dispatch nothing half-done.
    ///
    /// With a `lane`, the operation starts only once the task started before it in that lane has ended
    /// (see ``TaskLane``).
    public func run(
        id: some Hashable & Sendable,
        cancellingInFlight: Bool = false,
        in lane: TaskLane? = nil,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Trunk<State>) async -> Void
    ) {
        store?.startTask(
            id: TaskID(id), lane: lane, cancellingInFlight: cancellingInFlight, priority: priority,
            operation: operation)
    }

    /// Runs `operation` as a tracked task without an id: ``Store/idle()`` waits for it, and only
    /// ``cancelAll()`` cancels it. With a `lane`, it starts once the lane's previous task has ended.
    public func run(
        in lane: TaskLane? = nil,
        priority: TaskPriority? = nil,
        operation: @escaping @Sendable (Trunk<State>) async -> Void
    ) {
        store?.startTask(id: nil, lane: lane, cancellingInFlight: false, priority: priority, operation: operation)
    }

    /// Cancels the running tasks started with `id`.
    public func cancel(id: some Hashable & Sendable) {
        store?.cancelTasks(id: TaskID(id))
    }

    /// Cancels every running task of the store.
    public func cancelAll() {
        store?.cancelTasks(id: nil)
    }
}
