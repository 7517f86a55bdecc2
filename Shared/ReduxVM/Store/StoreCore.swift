import Logging

/// Everything a store does on its executor: middleware, reducers, boxes and notifications.
///
/// Confined to the store's serial queue: no member is touched from anywhere else, which is why none needs a
/// lock, and why the dynamic exclusivity checks on its variables (a large share of the per-action cost)
/// are turned off: accesses never overlap on one serial queue. See ``SnapshotStrategy`` for why there are
/// two copies of the state; both live in the store's one ``StateBox``.
///
/// The per-action path is `@inlinable` so that it is specialised for the program's own state type: left
/// generic, every action paid for run-time lookups of generic metadata (`[JobChunk<State>]`,
/// `any Action<State>`), which the engine benchmark showed to halve throughput.
@usableFromInline
final class StoreCore<State: Sendable> {
    /// The last change: the state after the last processed action, the state before it, that action and
    /// its context, exactly as subscribers were shown them. Each action updates it in place.
    ///
    /// Kept behind a pointer so that `process` can update it in place and lend it to every subscriber
    /// without a copy (see `apply`).
    @usableFromInline let box: UnsafeMutablePointer<StateBox<State>>

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

    @usableFromInline let services = EntryList<ServiceEntry<State>>()
    @usableFromInline let subscriptions = EntryList<SubscriptionEntry<State>>()
    @exclusivity(unchecked) @usableFromInline var taps: [@Sendable (ProcessedAction<State>) -> Void] = []
    @exclusivity(unchecked) @usableFromInline var hasListeners = false
    /// Presenters whose views went away are noticed when they next deliver, or by a sweep this often.
    @usableFromInline static var sweepInterval: Int { 1024 }
    @exclusivity(unchecked) @usableFromInline var notificationsSinceSweep = 0
    /// The sequence number of the last action taken from the mailbox. The mailbox numbers actions in the
    /// order it queues them and the executor takes them in that order, so counting them again here gives
    /// the same numbers without storing one in every queued job.
    @exclusivity(unchecked) @usableFromInline var lastSequence: UInt64 = 0

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
        box = .allocate(capacity: 1)
        box.initialize(to: StateBox(old: state, new: state, action: nil, context: nil, isInitialDelivery: false))
    }

    deinit {
        box.deinitialize(count: 1)
        box.deallocate()
    }

    /// The state after the last processed action.
    @inlinable
    var current: State { box.pointee.current }

    // MARK: Actions

    /// Processes the next action taken from the mailbox, dispatched from `site`.
    @inlinable
    func process(_ action: consuming any Action<State>, from site: CallSite) {
        lastSequence += 1
        process(consume action, context: site.context(sequence: lastSequence))
    }

    @inlinable
    func process(_ action: consuming any Action<State>, context: consuming DispatchContext) {
        if hasMiddleware, !admits(action, context: context) {
            if !taps.isEmpty { tapDropped(copy action, context: copy context) }
            return
        }
        let sawEnded = apply(action, context: context, to: &box.pointee)
        if hasListeners { afterNotifying(sawEnded: sawEnded) }
    }

    /// Reduces `action` into `change`, publishes the new state and notifies; returns whether a subscription
    /// turned out to have ended.
    ///
    /// The box is passed `inout`, so that it is lent to every subscriber from where it lies: the store has
    /// the only access to it for the whole call, so nothing needs copying. Lent from the stored pointer, it
    /// was copied first (both states, the action and the context); moved out and back, it cost two block
    /// copies per action.
    @inlinable
    func apply(
        _ action: consuming any Action<State>, context: consuming DispatchContext, to change: inout StateBox<State>
    ) -> Bool {
        reduce(action, in: &change)
        latest.set(change.current)
        journal?.record(action, context: context)
        change.setLastAction(consume action, context: consume context)
        return hasListeners ? notify(change) : false
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

    /// Applies `action` to the last change, leaving the new state in its `current` and the one before in
    /// its `previous`; the caller then puts `action` in it.
    @inlinable
    func reduce(_ action: borrowing any Action<State>, in change: inout StateBox<State>) {
        switch strategy {
        case .copyOnWrite:
            change.previous = change.current
            action.updateState(&change.current)
        case .replayOnSpareCopy:
            // `previous` is the state before the last action: replaying that action brings it level with
            // `current`, and it then takes the new action and the two copies swap roles.
            if let earlier = change.action.take() {
                earlier.updateState(&change.previous)
                if let equality { verifyReplay(of: earlier, in: &change, equality: equality) }
            }
            action.updateState(&change.previous)
            swap(&change.current, &change.previous)
        }
    }

    /// Compares the replayed copy with the current state for the first few replays of each action type.
    ///
    /// A reducer that reads a clock, a random source or a fresh UUID differs on nearly every run, so a few
    /// checks per type catch it; checking every action would cost a comparison of the whole state each time.
    @usableFromInline
    func verifyReplay(
        of action: any Action<State>, in change: inout StateBox<State>, equality: (State, State) -> Bool
    ) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let left = verificationsLeft[type, default: 3]
        guard left > 0 else { return }
        verificationsLeft[type] = left - 1
        if !equality(change.previous, change.current) {
            logger.error(
                "Reducer is not deterministic: replaying it gave a different state; repaired the copy",
                metadata: ["action": "\(Swift.type(of: action))"])
            change.previous = change.current
        }
    }

    /// Lends `box` to every service and subscription; returns whether one of them turned out to have ended.
    @inlinable
    func notify(_ box: StateBox<State>) -> Bool {
        if !services.isEmpty {
            services.forEach { service in service.notify(box, trunk) }
        }
        var sawEnded = false
        subscriptions.forEach { subscription in
            if !subscription.notify(box, trunk) { sawEnded = true }
        }
        return sawEnded
    }

    /// Drops ended subscriptions when one was seen or a sweep is due, then runs the taps; once the box is
    /// back in place, since dropping a subscription reads the current state.
    @inlinable
    func afterNotifying(sawEnded: Bool) {
        notificationsSinceSweep &+= 1
        if sawEnded || notificationsSinceSweep >= Self.sweepInterval {
            dropEndedSubscriptions()
        }
        if !taps.isEmpty { tapProcessed(box.pointee) }
    }

    /// Called when the mailbox is empty for now: a good time to write buffered journal lines.
    @inlinable
    func didDrainBatch() {
        journal?.flush()
    }
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
