extension StoreCore {
    // MARK: Services and subscriptions

    @usableFromInline
    func register(_ entry: ServiceEntry<State>, onInit: (State, Trunk<State>) -> Void) {
        services.append(entry)
        hasListeners = true
        onInit(current, trunk)
        entry.notify(StateBox(current: current), trunk)
    }

    @usableFromInline
    func subscribe(_ subscription: SubscriptionEntry<State>) {
        if !subscriptions.contains(where: { $0.identity == subscription.identity }) {
            subscriptions.append(subscription)
        }
        hasListeners = true
        deliverInitial(to: subscription)
    }

    /// Delivers the current state to `subscription` as a first delivery.
    @usableFromInline
    func deliverInitial(to subscription: SubscriptionEntry<State>) {
        if !subscription.notify(StateBox(current: current), trunk) {
            dropEndedSubscriptions()
        }
    }

    @usableFromInline
    func unsubscribe(identity: ObjectIdentifier) {
        guard let subscription = subscriptions.removeFirst(where: { $0.identity == identity }) else { return }
        subscription.didEnd(current, trunk)
        updateHasListeners()
    }

    /// Drops subscriptions whose object has gone away or that were disconnected.
    @usableFromInline
    func dropEndedSubscriptions() {
        notificationsSinceSweep = 0
        let ended = subscriptions.removeAll { subscription in !subscription.isAlive() }
        for subscription in ended {
            subscription.didEnd(current, trunk)
        }
        updateHasListeners()
    }

    var subscriptionCount: Int { subscriptions.count }

    private func updateHasListeners() {
        hasListeners = !services.isEmpty || !subscriptions.isEmpty || !taps.isEmpty
    }

    // MARK: Taps

    func addTap(_ tap: @escaping @Sendable (ProcessedAction<State>) -> Void) {
        taps.append(tap)
        hasListeners = true
    }

    @usableFromInline
    func tapDropped(_ action: any Action<State>, context: DispatchContext) {
        let record = ProcessedAction(
            action: action, context: context, oldState: current, newState: current, wasDropped: true)
        for tap in taps { tap(record) }
    }

    @usableFromInline
    func tapProcessed(_ box: StateBox<State>) {
        guard let action = box.lastAction, let context = box.lastActionContext else { return }
        let record = ProcessedAction(
            action: action, context: context, oldState: box.oldState, newState: box.state, wasDropped: false)
        for tap in taps { tap(record) }
    }
}
