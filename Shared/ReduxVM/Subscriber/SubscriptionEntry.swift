/// A subscriber or presenter as the store's executor sees it: closures made where the subscriber's type is
/// known, so that they are specialised for it.
///
/// Entries live on the store's executor only. `notify` delivers one box (a processed action, or the current
/// state as a first delivery) and returns false when the entry turned out to have ended;
/// `isAlive` answers that fully (the periodic sweep uses it); `didEnd` runs once when the store drops it.
///
/// The closures capture nothing: they are handed `target`, the subscriber's or presenter's own entry. A
/// closure that captured it was called through a forwarding thunk, once per subscriber and action.
@usableFromInline
final class SubscriptionEntry<State: Sendable> {
    @usableFromInline let identity: ObjectIdentifier
    @usableFromInline let target: AnyObject
    @usableFromInline let deliver: (AnyObject, StateBox<State>, Trunk<State>) -> Bool
    @usableFromInline let checkAlive: (AnyObject) -> Bool
    @usableFromInline let end: (AnyObject, State, Trunk<State>) -> Void

    @inlinable
    init(
        identity: ObjectIdentifier,
        target: AnyObject,
        notify: @escaping (AnyObject, StateBox<State>, Trunk<State>) -> Bool,
        isAlive: @escaping (AnyObject) -> Bool,
        didEnd: @escaping (AnyObject, State, Trunk<State>) -> Void
    ) {
        self.identity = identity
        self.target = target
        self.deliver = notify
        self.checkAlive = isAlive
        self.end = didEnd
    }

    @inlinable
    func notify(_ box: StateBox<State>, _ trunk: Trunk<State>) -> Bool {
        deliver(target, box, trunk)
    }

    @inlinable
    func isAlive() -> Bool {
        checkAlive(target)
    }

    @inlinable
    func didEnd(_ state: State, _ trunk: Trunk<State>) {
        end(target, state, trunk)
    }
}
