/// A weak link to a store, shared by every ``Trunk`` of that store.
///
/// Trunks are copied on every notification; copying a strong reference to this small object is far cheaper
/// than copying a weak reference, and the weak link inside still lets a store that nobody else holds go away.
///
/// Safety: `store` is assigned once, in `Store.init`, before the reference is handed to anything that could
/// use it on another thread; afterwards it is only read (and weak loads are thread-safe).
@usableFromInline
final class StoreReference<State: Sendable>: @unchecked Sendable {
    @usableFromInline weak var store: Store<State>?

    @inlinable
    init() {}
}
