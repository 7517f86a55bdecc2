public import Dispatch
public import Logging

/// Owns the state and processes actions one at a time, in order, on one serial background executor.
///
/// `dispatch` may be called from any thread and never waits: it queues the action and returns. The store's
/// executor then runs, for each action in FIFO order, the middleware, the reducer and the notifications
/// (services first, then subscribers and presenters, each in registration order). An action dispatched while
/// another is being processed, even from inside a subscriber, is queued behind the ones already waiting;
/// nothing is ever nested.
///
/// ```swift
/// let store = Store(state: CounterState())
/// store.dispatch(Increment())
/// await store.idle()
/// print(store.state.count)   // 1
/// ```
///
/// Confinement: reducers, middleware, side-effect conditions and presenters run only on the store's serial
/// `DispatchQueue`; the internal `StoreCore` is touched only there. The queue of pending work and the
/// latest state for ``state`` are guarded by their own locks.
public final class Store<State: Sendable>: Sendable {
    @usableFromInline let queue: DispatchQueue
    @usableFromInline let mailbox = Mailbox<State>()
    @usableFromInline let core: ExecutorConfined<StoreCore<State>>
    private let latest: LatestState<State>
    private let logger: Logger
    @usableFromInline let reference: StoreReference<State>
    /// The registered services by type, for ``service(_:)``.
    private let services = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// Makes a store holding `state`.
    ///
    /// - Parameters:
    ///   - state: the initial state, before any action.
    ///   - middleware: run before the reducer, in this order; each may drop an action.
    ///   - statedMiddleware: run after `middleware`, in this order, seeing the pre-reduce state.
    ///   - options: how the previous state is kept, and the executor's queue (``StoreOptions``).
    ///   - journal: records every reduced action, for replay; see ``ActionJournal``.
    ///   - logger: where the store reports its own problems (a non-deterministic reducer, a journal that
    ///     cannot be written).
    public init(
        state: State,
        middleware: [any Middleware] = [],
        statedMiddleware: [any StatedMiddleware<State>] = [],
        options: StoreOptions = StoreOptions(),
        journal: ActionJournal<State>? = nil,
        logger: Logger = Logger(label: "ReduxVM.Store")
    ) {
        let latest = LatestState(state)
        let reference = StoreReference<State>()
        self.latest = latest
        self.reference = reference
        self.logger = logger
        self.queue = DispatchQueue(label: options.queueLabel, qos: options.qualityOfService)
        self.core = ExecutorConfined(
            StoreCore(
                state: state, middleware: middleware, statedMiddleware: statedMiddleware, options: options,
                journal: journal, logger: logger, latest: latest, trunk: Trunk(reference)))
        reference.store = self
    }

    deinit {
        mailbox.cancelTasks(id: nil)
    }

    /// The state after the last processed action. Reading it from any thread is safe; it may already be
    /// behind actions still queued, so wait with ``idle()`` first when that matters.
    public var state: State {
        latest.get()
    }

    /// A trunk for this store, to hand to code that should dispatch but not hold the store.
    public var trunk: Trunk<State> { Trunk(reference) }

    /// Queues `action` behind every action already queued. Callable from any thread; never blocks.
    @inlinable
    public func dispatch(
        _ action: some Action<State>,
        file: String = #fileID, function: String = #function, line: UInt = #line
    ) {
        _ = enqueueAction(action, file: file, function: function, line: line)
    }

    /// Queues `action` and returns its context, whose sequence number is its place in the store's order
    /// (test tooling waits for that number).
    @discardableResult
    @inlinable
    package func enqueue(
        _ action: consuming any Action<State>, file: String, function: String, line: UInt
    ) -> DispatchContext {
        let sequence = enqueueAction(action, file: file, function: function, line: line)
        return DispatchContext(file: file, function: function, line: line, sequence: sequence)
    }

    /// Queues `action`; returns its sequence number.
    @inlinable
    func enqueueAction<A: Action<State>>(_ action: consuming A, file: String, function: String, line: UInt) -> UInt64 {
        let (sequence, mustSchedule) = mailbox.enqueue(action, file: file, function: function, line: line)
        if mustSchedule { scheduleDrain() }
        return sequence
    }

    /// Queues control work on the store's executor, in FIFO order with actions.
    @usableFromInline
    func enqueue(control: @escaping @Sendable (StoreCore<State>) -> Void) {
        if mailbox.enqueue(control: control) { scheduleDrain() }
    }

    @inlinable
    func scheduleDrain() {
        queue.async { [self] in drain() }
    }

    /// Processes batches until the mailbox is empty. Runs on `queue` only.
    @inlinable
    func drain() {
        let core = self.core.value
        var batch: [JobChunk<State>] = []
        while mailbox.takeBatch(into: &batch) {
            var count = 0
            for chunk in batch {
                count += chunk.count
                chunk.drain(
                    action: { action, site in core.process(consume action, from: site) },
                    control: { work in work(core) })
            }
            core.didDrainBatch()
            mailbox.finish(jobs: count)
        }
    }

    // MARK: Waiting

    /// Returns when no action is queued or being processed and no tracked side-effect task is running.
    ///
    /// Batch programs and tests use this instead of sleeping. It returns early if the waiting task is
    /// cancelled. A side effect that keeps working forever (a timer) keeps the store from being idle.
    public func idle() async {
        await mailbox.waitUntilIdle()
    }

    /// Returns when every action dispatched before this call has been processed and its subscribers
    /// notified. Unlike ``idle()`` it does not wait for side-effect tasks.
    public func processed() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            enqueue { _ in continuation.resume() }
        }
    }

    /// Whether the store is idle right now (see ``idle()``).
    public var isIdle: Bool { mailbox.isIdle }

    // MARK: Services

    /// The registered service of type `type`, if any (the last registered, when there are several).
    ///
    /// For a library built on the store that offers more than actions: a query API can read through the
    /// same dependencies (and in the same ``TaskLane``) as the service's side effects, so that it sees what
    /// they wrote. Views and side effects have no need of it.
    public func service<S: Service>(_ type: S.Type) -> S? where S.State == State {
        services.withLock { $0[ObjectIdentifier(type)] as? S }
    }

    /// Remembers `service` for ``service(_:)``; called by ``register(_:)`` before it is queued.
    @usableFromInline
    func remember<S: Service>(_ service: S) where S.State == State {
        services.withLock { $0[ObjectIdentifier(S.self)] = service }
    }

    // MARK: Tasks

    func startTask(
        id: TaskID?, lane: TaskLane?, cancellingInFlight: Bool, priority: TaskPriority?,
        operation: @escaping @Sendable (Trunk<State>) async -> Void
    ) {
        let (token, predecessor) = mailbox.beginTask(id: id, lane: lane, cancellingInFlight: cancellingInFlight)
        let trunk = self.trunk
        let mailbox = self.mailbox
        let task = Task(priority: priority) {
            if let predecessor { await mailbox.waitForEnd(of: predecessor) }
            await operation(trunk)
            mailbox.endTask(token: token)
        }
        mailbox.attach(task, token: token)
    }

    func cancelTasks(id: TaskID?) {
        mailbox.cancelTasks(id: id)
    }

    /// The number of side-effect tasks still running.
    public var runningTaskCount: Int { mailbox.runningTaskCount }

    // MARK: Test tooling

    /// Calls `tap` on the store's executor for every processed or dropped action, after subscribers.
    package func addTap(_ tap: @escaping @Sendable (ProcessedAction<State>) -> Void) {
        enqueue { core in core.addTap(tap) }
    }

    /// The number of live subscribers and presenters, as of the last processed job.
    package func subscriptionCount() async -> Int {
        await withCheckedContinuation { continuation in
            enqueue { core in
                core.dropEndedSubscriptions()
                continuation.resume(returning: core.subscriptionCount)
            }
        }
    }
}
