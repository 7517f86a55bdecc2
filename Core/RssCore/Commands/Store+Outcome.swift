public import ReduxVM
import Synchronization

extension Store where State == RssState {
    /// What became of the command `ticket` names, once it is over: for a front that answers someone only then
    /// (a server's import, a REPL command that prints the result). The action must have been dispatched with
    /// the ticket, or this waits for ever.
    public func outcome(of ticket: CommandTicket) async -> CommandOutcome {
        await awaitOutcome(of: ticket, dispatching: nil)
    }

    /// Dispatches `action`, made with `ticket`, and returns what became of it: the one call for a front that
    /// waits for each command (a server's request), since it watches for the outcome from before the action is
    /// queued, however many other commands end meanwhile.
    public func outcome(of ticket: CommandTicket, dispatching action: some Action<RssState>) async -> CommandOutcome {
        await awaitOutcome(of: ticket, dispatching: action)
    }

    private func awaitOutcome(of ticket: CommandTicket, dispatching action: (any Action<RssState>)?) async -> CommandOutcome {
        let state = await firstState(dispatching: action) { $0.outcomes[ticket] != nil }
        guard let outcome = state.outcomes[ticket] else { preconditionFailure("the state was chosen for holding it") }
        return outcome
    }

    /// The first state, the current one included, for which `condition` holds; with `action`, the first from
    /// the moment before it is dispatched.
    func firstState(
        dispatching action: (any Action<RssState>)? = nil, where condition: @escaping @Sendable (RssState) -> Bool
    ) async -> RssState {
        let waiter = StateWaiter(condition)
        let state = await withCheckedContinuation { continuation in
            waiter.waiting.withLock { $0 = continuation }
            subscribe(waiter)
            if let action { dispatch(action) }
        }
        unsubscribe(waiter)
        return state
    }
}

/// Waits, without polling, for a state: a subscriber whose first delivery is the current state, so a condition
/// met already ends the wait at once.
private final class StateWaiter: StoreSubscriber {
    let condition: @Sendable (RssState) -> Bool
    let waiting = Mutex<CheckedContinuation<RssState, Never>?>(nil)

    init(_ condition: @escaping @Sendable (RssState) -> Bool) {
        self.condition = condition
    }

    func newState(box: StateBox<RssState>) {
        guard condition(box.state) else { return }
        waiting.withLock { $0.take() }?.resume(returning: box.state)
    }
}
