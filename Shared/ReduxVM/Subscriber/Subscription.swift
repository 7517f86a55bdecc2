/// A subscriber or presenter as the store's executor sees it.
///
/// Entries live on the store's executor only; ``isAlive`` turns false when the object behind the entry has
/// gone away or the entry was disconnected, and the store then drops it.
protocol Subscription<State>: AnyObject {
    associatedtype State: Sendable

    /// The identity used to unsubscribe.
    var identity: ObjectIdentifier { get }

    /// Whether the entry should still be notified.
    var isAlive: Bool { get }

    /// Delivers one processed action (or, with `isInitialDelivery`, the current state).
    func notify(_ snapshot: StateSnapshot<State>, isInitialDelivery: Bool, trunk: Trunk<State>)

    /// Called once when the store drops the entry.
    func didEnd(state: State, trunk: Trunk<State>)
}

/// A ``StoreSubscriber`` held weakly.
final class SubscriberEntry<Subscriber: StoreSubscriber>: Subscription {
    typealias State = Subscriber.State

    private weak var subscriber: Subscriber?
    let identity: ObjectIdentifier

    init(_ subscriber: Subscriber) {
        self.subscriber = subscriber
        self.identity = ObjectIdentifier(subscriber)
    }

    var isAlive: Bool { subscriber != nil }

    func notify(_ snapshot: StateSnapshot<State>, isInitialDelivery: Bool, trunk: Trunk<State>) {
        subscriber?.newState(box: StateBox(snapshot: snapshot, isInitialDelivery: isInitialDelivery))
    }

    func didEnd(state: State, trunk: Trunk<State>) {}
}
