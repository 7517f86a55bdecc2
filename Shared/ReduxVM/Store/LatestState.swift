/// The state after the last processed action, readable from any thread.
///
/// Written once per action on the store's executor, read by ``Store/state``; a lock rather than a hop to the
/// executor keeps reads cheap and synchronous.
@usableFromInline
final class LatestState<State: Sendable>: Sendable {
    @usableFromInline let value: Locked<State>

    init(_ state: State) {
        value = Locked(state)
    }

    @inlinable
    func set(_ state: State) {
        value.withLock { $0 = state }
    }

    func get() -> State {
        value.withLock { $0 }
    }
}
