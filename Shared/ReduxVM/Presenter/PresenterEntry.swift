/// A connected presenter and its view, as the store's executor sees them.
final class PresenterEntry<P: Presenter, Receiver: PropsReceiver>: Subscription
where Receiver.Props == P.Props {
    typealias State = P.State

    private let presenter: P
    private let receiver: WeakReceiver<Receiver>
    private let executor: any ViewExecutor
    private let slot = PropsSlot<P.Props>()
    private var lastDelivered: P.Props?
    private(set) var isSubscribed = true
    private var isConnected = true

    init(presenter: P, receiver: Receiver, executor: any ViewExecutor) {
        self.presenter = presenter
        self.receiver = WeakReceiver(receiver)
        self.executor = executor
    }

    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    var isAlive: Bool { isConnected && receiver.isAlive }

    func notify(_ snapshot: StateSnapshot<State>, isInitialDelivery: Bool, trunk: Trunk<State>) {
        guard isSubscribed else { return }
        let box = StateBox(snapshot: snapshot, isInitialDelivery: isInitialDelivery)
        if !isInitialDelivery, presenter.reaction(for: box) == .none { return }
        guard let props = presenter.props(for: box, trunk: trunk) else { return }
        if !isInitialDelivery, props == lastDelivered { return }
        lastDelivered = props
        deliver(props)
    }

    func didEnd(state: State, trunk: Trunk<State>) {
        _ = slot.take()
        presenter.onDeinit(state: state, trunk: trunk)
    }

    func start(state: State, trunk: Trunk<State>) {
        presenter.onInit(state: state, trunk: trunk)
    }

    /// Resumes deliveries; the next one (made at once by the store) renders whatever the reaction says.
    func resubscribe() {
        isSubscribed = true
        lastDelivered = nil
    }

    /// Pauses deliveries and forgets any that has not reached the view yet.
    func pause() {
        isSubscribed = false
        _ = slot.take()
    }

    /// Ends the connection; the store drops the entry on its next pass.
    func disconnect() {
        isConnected = false
    }

    private func deliver(_ props: P.Props) {
        guard slot.put(props) else { return }
        let slot = self.slot
        let receiver = self.receiver
        executor.execute {
            if let props = slot.take() {
                receiver.render(props)
            }
        }
    }
}
