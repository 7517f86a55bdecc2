import Logging

/// Everything a store does on its executor: middleware, reducers, boxes and notifications.
///
/// Confined to the store's serial queue: no member is touched from anywhere else, which is why none needs a
/// lock, and why the dynamic exclusivity checks on its variables (a large share of the per-action cost)
/// are turned off: accesses never overlap on one serial queue. See ``SnapshotStrategy`` for why there are
/// two copies of the state.
///
/// The per-action path is `@inlinable` so that it is specialised for the program's own state type: left
/// generic, every action paid for run-time lookups of generic metadata (`[StoreJob<State>]`,
/// `any Action<State>`), which the engine benchmark showed to halve throughput.
@usableFromInline
final class StoreCore<State: Sendable> {
    /// The state after the last processed action.
    @exclusivity(unchecked) @usableFromInline var current: State
    /// The previous state; with `.replayOnSpareCopy`, behind `current` by `pendingReplay`.
    @exclusivity(unchecked) @usableFromInline var spare: State
    /// Kept behind a pointer (it starts as an action that changes nothing) so that it can be moved out to be
    /// replayed and the new action moved in: a stored property or an optional was copied to be called.
    /// Initialised except between `reduce` and the end of `process`.
    @usableFromInline let pendingReplay: UnsafeMutablePointer<any Action<State>>

    @usableFromInline let strategy: SnapshotStrategy
    @usableFromInline let equality: ((State, State) -> Bool)?
    /// How many more replays of each action type to verify; see `verifyReplay`.
    @exclusivity(unchecked) var verificationsLeft: [ObjectIdentifier: Int] = [:]
    @usableFromInline let middleware: [any Middleware]
    @usableFromInline let statedMiddleware: [any StatedMiddleware<State>]
    /// False when there is no middleware at all: the common case skips asking, and copying the action for it.
    @usableFromInline let hasMiddleware: Bool
    @usableFromInline let latest: LatestState<State>
    let logger: Logger
    @usableFromInline let journal: ActionJournal<State>?

    @exclusivity(unchecked) @usableFromInline var services = EntryList<ServiceEntry<State>>()
    @exclusivity(unchecked) @usableFromInline var subscriptions = EntryList<SubscriptionEntry<State>>()
    @exclusivity(unchecked) @usableFromInline var taps: [@Sendable (ProcessedAction<State>) -> Void] = []
    @exclusivity(unchecked) @usableFromInline var hasListeners = false
    /// Presenters whose views went away are noticed when they next deliver, or by a sweep this often.
    @usableFromInline static var sweepInterval: Int { 1024 }
    @exclusivity(unchecked) @usableFromInline var notificationsSinceSweep = 0

    /// Handed to every subscriber; a constant, so that it is passed along borrowed.
    @usableFromInline let trunk: Trunk<State>

    init(
        state: State,
        middleware: [any Middleware],
        statedMiddleware: [any StatedMiddleware<State>],
        options: StoreOptions,
        journal: ActionJournal<State>?,
        logger: Logger,
        latest: LatestState<State>,
        trunk: Trunk<State>
    ) {
        self.current = state
        self.spare = state
        self.strategy = options.snapshots
        self.equality =
            options.snapshots == .replayOnSpareCopy && options.verifiesReducerDeterminism
            ? equalityIfEquatable(State.self) : nil
        self.middleware = middleware
        self.statedMiddleware = statedMiddleware
        self.hasMiddleware = !middleware.isEmpty || !statedMiddleware.isEmpty
        self.journal = journal
        self.logger = logger
        self.latest = latest
        self.trunk = trunk
        pendingReplay = .allocate(capacity: 1)
        pendingReplay.initialize(to: NoChange())
    }

    deinit {
        pendingReplay.deinitialize(count: 1)
        pendingReplay.deallocate()
    }

    // MARK: Actions

    @inlinable
    func process(_ action: consuming any Action<State>, context: consuming DispatchContext) {
        if hasMiddleware, !admits(action, context: context) {
            if !taps.isEmpty { tapDropped(copy action, context: copy context) }
            return
        }
        reduce(action)
        latest.set(current)
        journal?.record(action, context: context)
        guard hasListeners else {
            if strategy == .replayOnSpareCopy { pendingReplay.initialize(to: consume action) }
            return
        }
        // The action moves into the box and back out of it, so that it is never copied.
        var box = StateBox(
            old: spare, new: current, action: consume action, context: consume context, isInitialDelivery: false)
        notify(box)
        if strategy == .replayOnSpareCopy { pendingReplay.initialize(to: box.takeAction().unsafelyUnwrapped) }
    }

    @inlinable
    func admits(_ action: any Action<State>, context: DispatchContext) -> Bool {
        for step in middleware where step.on(action: action, context: context) == .drop {
            return false
        }
        for step in statedMiddleware where step.on(action: action, state: current, context: context) == .drop {
            return false
        }
        return true
    }

    /// Applies `action`, leaving the new state in `current` and the previous one in `spare`; with
    /// `.replayOnSpareCopy` it leaves `pendingReplay` uninitialised and the caller must put `action` there.
    @inlinable
    func reduce(_ action: borrowing any Action<State>) {
        switch strategy {
        case .copyOnWrite:
            spare = current
            action.updateState(&current)
        case .replayOnSpareCopy:
            // Moved out (the caller puts the new action back): called through the slot, it was copied first.
            let earlier = pendingReplay.move()
            earlier.updateState(&spare)
            if let equality { verifyReplay(of: earlier, equality: equality) }
            action.updateState(&spare)
            swap(&current, &spare)
        }
    }

    /// Compares the replayed copy with the current state for the first few replays of each action type.
    ///
    /// A reducer that reads a clock, a random source or a fresh UUID differs on nearly every run, so a few
    /// checks per type catch it; checking every action would cost a comparison of the whole state each time.
    @usableFromInline
    func verifyReplay(of action: any Action<State>, equality: (State, State) -> Bool) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let left = verificationsLeft[type, default: 3]
        guard left > 0 else { return }
        verificationsLeft[type] = left - 1
        if !equality(spare, current) {
            logger.error(
                "Reducer is not deterministic: replaying it gave a different state; repaired the copy",
                metadata: ["action": "\(Swift.type(of: action))"])
            spare = current
        }
    }

    @inlinable
    func notify(_ box: StateBox<State>) {
        if !services.isEmpty {
            services.forEach { service in service.notify(box, trunk) }
        }
        var sawEnded = false
        subscriptions.forEach { subscription in
            if !subscription.notify(box, trunk) { sawEnded = true }
        }
        notificationsSinceSweep &+= 1
        if sawEnded || notificationsSinceSweep >= Self.sweepInterval {
            dropEndedSubscriptions()
        }
        if !taps.isEmpty { tapProcessed(box) }
    }

    /// Called when the mailbox is empty for now: a good time to write buffered journal lines.
    @inlinable
    func didDrainBatch() {
        journal?.flush()
    }
}

/// The action the spare copy is behind by before the first action: none.
@usableFromInline
struct NoChange<State: Sendable>: Action {
    @inlinable
    init() {}

    @inlinable
    func updateState(_ state: inout State) {}
}

/// `==` for `State` when it is `Equatable`, found at run time so that the store does not require it.
private func equalityIfEquatable<State>(_ type: State.Type) -> ((State, State) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func compare<E: Equatable>(_: E.Type) -> (State, State) -> Bool {
        { lhs, rhs in
            guard let lhs = lhs as? E, let rhs = rhs as? E else { return false }
            return lhs == rhs
        }
    }
    return compare(equatable)
}
