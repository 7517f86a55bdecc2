import Logging

/// Everything a store does on its executor: middleware, reducers, snapshots and notifications.
///
/// Confined to the store's serial queue: no member is touched from anywhere else, which is why none needs a
/// lock. See ``SnapshotStrategy`` for why there are two copies of the state.
final class StoreCore<State: Sendable> {
    /// The state after the last processed action.
    private(set) var current: State
    /// The previous state; with `.replayOnSpareCopy`, behind `current` by the actions in `pendingReplay`.
    private var spare: State
    private var pendingReplay: [any Action<State>] = []

    private let strategy: SnapshotStrategy
    private let equality: ((State, State) -> Bool)?
    /// How many more replays of each action type to verify; see `verifyReplay`.
    private var verificationsLeft: [ObjectIdentifier: Int] = [:]
    private let middleware: [any Middleware]
    private let statedMiddleware: [any StatedMiddleware<State>]
    private let publish: (State) -> Void
    private let logger: Logger
    private var journal: ActionJournal<State>?

    private var services: [ServiceEntry<State>] = []
    private var subscriptions: [any Subscription<State>] = []
    private var taps: [@Sendable (ProcessedAction<State>) -> Void] = []
    private var hasListeners = false

    /// Replaced by the store right after it is made, since the trunk refers back to the store.
    var trunk = Trunk<State>(store: nil)

    init(
        state: State,
        middleware: [any Middleware],
        statedMiddleware: [any StatedMiddleware<State>],
        options: StoreOptions,
        journal: ActionJournal<State>?,
        logger: Logger,
        publish: @escaping (State) -> Void
    ) {
        self.current = state
        self.spare = state
        self.strategy = options.snapshots
        self.equality =
            options.snapshots == .replayOnSpareCopy && options.verifiesReducerDeterminism
            ? equalityIfEquatable(State.self) : nil
        self.middleware = middleware
        self.statedMiddleware = statedMiddleware
        self.journal = journal
        self.logger = logger
        self.publish = publish
    }

    // MARK: Actions

    func process(_ action: any Action<State>, context: DispatchContext) {
        guard admits(action, context: context) else {
            if !taps.isEmpty {
                let record = ProcessedAction(
                    action: action, context: context, oldState: current, newState: current, wasDropped: true)
                for tap in taps { tap(record) }
            }
            return
        }
        reduce(action)
        publish(current)
        journal?.record(action, context: context)
        guard hasListeners else { return }
        let snapshot = StateSnapshot(old: spare, new: current, action: action, context: context)
        notify(snapshot)
    }

    private func admits(_ action: any Action<State>, context: DispatchContext) -> Bool {
        for step in middleware where step.on(action: action, context: context) == .drop {
            return false
        }
        for step in statedMiddleware where step.on(action: action, state: current, context: context) == .drop {
            return false
        }
        return true
    }

    /// Applies `action`, leaving the new state in `current` and the previous one in `spare`.
    private func reduce(_ action: any Action<State>) {
        switch strategy {
        case .copyOnWrite:
            spare = current
            action.updateState(&current)
        case .replayOnSpareCopy:
            for earlier in pendingReplay {
                earlier.updateState(&spare)
            }
            if let equality, let last = pendingReplay.last {
                verifyReplay(of: last, equality: equality)
            }
            pendingReplay.removeAll(keepingCapacity: true)
            action.updateState(&spare)
            swap(&current, &spare)
            pendingReplay.append(action)
        }
    }

    /// Compares the replayed copy with the current state for the first few replays of each action type.
    ///
    /// A reducer that reads a clock, a random source or a fresh UUID differs on nearly every run, so a few
    /// checks per type catch it; checking every action would cost a comparison of the whole state each time.
    private func verifyReplay(of action: any Action<State>, equality: (State, State) -> Bool) {
        let type = ObjectIdentifier(Swift.type(of: action))
        let left = verificationsLeft[type, default: Self.verificationsPerActionType]
        guard left > 0 else { return }
        verificationsLeft[type] = left - 1
        if !equality(spare, current) {
            logger.error(
                "Reducer is not deterministic: replaying it gave a different state; repaired the copy",
                metadata: ["action": "\(Swift.type(of: action))"])
            spare = current
        }
    }

    private static var verificationsPerActionType: Int { 3 }

    private func notify(_ snapshot: StateSnapshot<State>) {
        if !services.isEmpty {
            let box = StateBox(snapshot: snapshot, isInitialDelivery: false)
            for service in services {
                service.notify(box, trunk: trunk)
            }
        }
        var sawEnded = false
        for subscription in subscriptions {
            if subscription.isAlive {
                subscription.notify(snapshot, isInitialDelivery: false, trunk: trunk)
            } else {
                sawEnded = true
            }
        }
        if sawEnded { dropEndedSubscriptions() }
        if !taps.isEmpty, let action = snapshot.action, let context = snapshot.context {
            let record = ProcessedAction(
                action: action, context: context, oldState: snapshot.old, newState: snapshot.new,
                wasDropped: false)
            for tap in taps { tap(record) }
        }
    }

    /// Called when the mailbox is empty for now: a good time to write buffered journal lines.
    func didDrainBatch() {
        journal?.flush()
    }

    // MARK: Registration

    func register(_ entry: ServiceEntry<State>, onInit: (State, Trunk<State>) -> Void) {
        services.append(entry)
        hasListeners = true
        onInit(current, trunk)
        entry.notify(StateBox(snapshot: StateSnapshot(current: current), isInitialDelivery: true), trunk: trunk)
    }

    func subscribe(_ subscription: any Subscription<State>) {
        if !subscriptions.contains(where: { $0.identity == subscription.identity }) {
            subscriptions.append(subscription)
        }
        hasListeners = true
        subscription.notify(StateSnapshot(current: current), isInitialDelivery: true, trunk: trunk)
    }

    /// Delivers the current state to `subscription` as a first delivery.
    func deliverInitial(to subscription: any Subscription<State>) {
        subscription.notify(StateSnapshot(current: current), isInitialDelivery: true, trunk: trunk)
    }

    func unsubscribe(identity: ObjectIdentifier) {
        guard let index = subscriptions.firstIndex(where: { $0.identity == identity }) else { return }
        let subscription = subscriptions.remove(at: index)
        subscription.didEnd(state: current, trunk: trunk)
        updateHasListeners()
    }

    func addTap(_ tap: @escaping @Sendable (ProcessedAction<State>) -> Void) {
        taps.append(tap)
        hasListeners = true
    }

    /// Drops subscriptions whose object has gone away or that were disconnected.
    func dropEndedSubscriptions() {
        var ended: [any Subscription<State>] = []
        subscriptions.removeAll { subscription in
            if subscription.isAlive { return false }
            ended.append(subscription)
            return true
        }
        for subscription in ended {
            subscription.didEnd(state: current, trunk: trunk)
        }
        updateHasListeners()
    }

    var subscriptionCount: Int { subscriptions.count }

    private func updateHasListeners() {
        hasListeners = !services.isEmpty || !subscriptions.isEmpty || !taps.isEmpty
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
