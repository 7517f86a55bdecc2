/// An object that wants every state change, on the store's executor.
///
/// The store keeps a subscriber only as long as someone else does: once the last other reference is gone,
/// the subscriber is dropped before its next notification (and its deinit runs on the store's executor). A subscriber's first
/// delivery comes right after it subscribes and shows the current state with
/// ``StateBox/isInitialDelivery`` set. Subscribers are notified after services and in subscription order
/// together with presenters. For views, prefer a ``Presenter``, which maps state to props and delivers them
/// on the view's own executor.
public protocol StoreSubscriber<State>: AnyObject, Sendable {
    /// The store's root state.
    associatedtype State: Sendable

    /// Receives a change. Runs on the store's executor: keep it short and never block.
    func newState(box: StateBox<State>)
}
