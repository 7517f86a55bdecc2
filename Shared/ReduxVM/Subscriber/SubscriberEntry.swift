/// A ``StoreSubscriber``, kept only as long as someone else keeps it.
///
/// The entry holds a strong reference and treats being the only holder as "the subscriber has gone away".
/// That gives the purging of a weak reference without a weak load (and the slow release that follows it)
/// for every subscriber on every action; the price is that the subscriber's deinit runs on the store's
/// executor, when the entry is dropped.
@usableFromInline
final class SubscriberEntry<Subscriber: StoreSubscriber> {
    @exclusivity(unchecked) @usableFromInline var subscriber: Subscriber?

    @inlinable
    init(_ subscriber: Subscriber) {
        self.subscriber = subscriber
    }

    @inlinable
    var isAlive: Bool {
        if subscriber != nil, isKnownUniquelyReferenced(&subscriber) {
            subscriber = nil
        }
        return subscriber != nil
    }

    @inlinable
    func notify(_ box: StateBox<Subscriber.State>) -> Bool {
        guard isAlive, let subscriber = subscriber.map(Unmanaged.passUnretained) else { return false }
        // Borrowed, not retained: only `isAlive`, on this executor, ever drops the entry's reference.
        subscriber._withUnsafeGuaranteedRef { $0.newState(box: box) }
        return true
    }

    /// The entry as the store keeps it.
    @inlinable
    func erased(identity: ObjectIdentifier) -> SubscriptionEntry<Subscriber.State> {
        SubscriptionEntry(
            identity: identity,
            target: self,
            notify: { entry, box, _ in unsafeDowncast(entry, to: SubscriberEntry.self).notify(box) },
            isAlive: { entry in unsafeDowncast(entry, to: SubscriberEntry.self).isAlive },
            didEnd: { _, _, _ in })
    }
}
