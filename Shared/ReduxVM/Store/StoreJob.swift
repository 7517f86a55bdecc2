/// One unit of work for the store's executor, queued in FIFO order with every other.
///
/// Actions and control work (subscribing, unsubscribing, barriers) share one queue so that, say, a
/// subscription made after a dispatch on the same thread sees that action's result.
@usableFromInline
enum StoreJob<State: Sendable>: Sendable {
    case action(any Action<State>, DispatchContext)
    case control(@Sendable (StoreCore<State>) -> Void)
}
