package import ReduxVM
package import RssCore
import Synchronization

/// Waits, without polling, until the store's state satisfies a condition: a subscriber whose first delivery is
/// the current state, so a condition already met ends the wait at once.
package final class StateCondition: StoreSubscriber {
    private let condition: @Sendable (RssState) -> Bool
    private let waiting = Mutex<CheckedContinuation<RssState, Never>?>(nil)

    private init(_ condition: @escaping @Sendable (RssState) -> Bool) {
        self.condition = condition
    }

    package func newState(box: StateBox<RssState>) {
        guard condition(box.state) else { return }
        waiting.withLock { $0.take() }?.resume(returning: box.state)
    }

    /// The first state of `store` (the current one included) for which `condition` holds.
    package static func wait(on store: Store<RssState>, until condition: @escaping @Sendable (RssState) -> Bool) async -> RssState {
        let waiter = StateCondition(condition)
        let state = await withCheckedContinuation { continuation in
            waiter.waiting.withLock { $0 = continuation }
            store.subscribe(waiter)
        }
        store.unsubscribe(waiter)
        return state
    }
}
