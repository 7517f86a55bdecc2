/// A connected presenter and its view, as the store's executor sees them.
@usableFromInline
final class PresenterEntry<P: Presenter, Receiver: PropsReceiver> where Receiver.Props == P.Props {
    @usableFromInline let presenter: P
    @usableFromInline let receiver: WeakReceiver<Receiver>
    @usableFromInline let executor: any ViewExecutor
    @usableFromInline let slot = PropsSlot<P.Props>()
    @exclusivity(unchecked) @usableFromInline var lastDelivered: P.Props?
    @exclusivity(unchecked) @usableFromInline var isSubscribed = true
    @exclusivity(unchecked) @usableFromInline var isConnected = true

    @inlinable
    init(presenter: P, receiver: Receiver, executor: any ViewExecutor) {
        self.presenter = presenter
        self.receiver = WeakReceiver(receiver)
        self.executor = executor
    }

    @inlinable
    var isAlive: Bool { isConnected && receiver.isAlive }

    /// Asks the presenter about a change. The view's existence (a weak load) is checked only when there is
    /// something to deliver; the store's periodic sweep finds views that went away meanwhile.
    ///
    /// Always inlined into the entry's closure (see ``erased()``): left to the optimiser, it was a second
    /// call per presenter and action.
    @inlinable @inline(__always)
    func notify(_ box: StateBox<P.State>, trunk: Trunk<P.State>) -> Bool {
        guard isConnected else { return false }
        guard isSubscribed else { return true }
        if !box.isInitialDelivery, presenter.reaction(for: box) == .none { return true }
        guard receiver.isAlive else { return false }
        guard let props = presenter.props(for: box, trunk: trunk) else { return true }
        if !box.isInitialDelivery, props == lastDelivered { return true }
        lastDelivered = props
        deliver(props)
        return true
    }

    @usableFromInline
    func didEnd(state: P.State, trunk: Trunk<P.State>) {
        _ = slot.take()
        presenter.onDeinit(state: state, trunk: trunk)
    }

    @usableFromInline
    func start(state: P.State, trunk: Trunk<P.State>) {
        presenter.onInit(state: state, trunk: trunk)
    }

    /// Resumes deliveries; the next one (made at once by the store) renders whatever the reaction says.
    @usableFromInline
    func resubscribe() {
        isSubscribed = true
        lastDelivered = nil
    }

    /// Pauses deliveries and forgets any that has not reached the view yet.
    @usableFromInline
    func pause() {
        isSubscribed = false
        _ = slot.take()
    }

    /// Ends the connection; the store drops the entry on its next pass.
    @usableFromInline
    func disconnect() {
        isConnected = false
    }

    @inlinable
    func deliver(_ props: P.Props) {
        guard slot.put(props) else { return }
        let slot = self.slot
        let receiver = self.receiver
        executor.execute {
            if let props = slot.take() {
                receiver.render(props)
            }
        }
    }

    /// The entry as the store keeps it.
    @inlinable
    func erased() -> SubscriptionEntry<P.State> {
        SubscriptionEntry(
            identity: ObjectIdentifier(self),
            target: self,
            notify: { entry, box, trunk in unsafeDowncast(entry, to: PresenterEntry.self).notify(box, trunk: trunk) },
            isAlive: { entry in unsafeDowncast(entry, to: PresenterEntry.self).isAlive },
            didEnd: { entry, state, trunk in
                unsafeDowncast(entry, to: PresenterEntry.self).didEnd(state: state, trunk: trunk)
            })
    }
}
