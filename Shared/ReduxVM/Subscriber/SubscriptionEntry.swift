/// A subscriber or presenter as the store's executor sees it: closures made where the subscriber's type is
/// known, so that they are specialised for it.
///
/// Entries live on the store's executor only. `notify` delivers one box (a processed action, or the current
/// state as a first delivery) and returns false when the entry turned out to have ended;
/// `isAlive` answers that fully (the periodic sweep uses it); `didEnd` runs once when the store drops it.
@usableFromInline
final class SubscriptionEntry<State: Sendable> {
    @usableFromInline let identity: ObjectIdentifier
    @usableFromInline let notify: (StateBox<State>, Trunk<State>) -> Bool
    @usableFromInline let isAlive: () -> Bool
    @usableFromInline let didEnd: (State, Trunk<State>) -> Void

    @inlinable
    init(
        identity: ObjectIdentifier,
        notify: @escaping (StateBox<State>, Trunk<State>) -> Bool,
        isAlive: @escaping () -> Bool,
        didEnd: @escaping (State, Trunk<State>) -> Void
    ) {
        self.identity = identity
        self.notify = notify
        self.isAlive = isAlive
        self.didEnd = didEnd
    }
}
