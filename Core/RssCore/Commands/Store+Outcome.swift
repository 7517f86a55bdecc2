public import ReduxVM
import Synchronization

extension Store where State == RssState {
    /// What became of the command `ticket` names, once it is over: for a front that answers someone only then
    /// (a server's import, a REPL command that prints the result). The action must have been dispatched with
    /// the ticket, or this waits for ever.
    public func outcome(of ticket: CommandTicket) async -> CommandOutcome {
        let waiter = OutcomeWaiter(ticket)
        let outcome = await withCheckedContinuation { continuation in
            waiter.waiting.withLock { $0 = continuation }
            subscribe(waiter)
        }
        unsubscribe(waiter)
        return outcome
    }
}

/// Waits for one command's outcome: a subscriber whose first delivery is the current state, so an outcome
/// already recorded ends the wait at once.
private final class OutcomeWaiter: StoreSubscriber {
    let ticket: CommandTicket
    let waiting = Mutex<CheckedContinuation<CommandOutcome, Never>?>(nil)

    init(_ ticket: CommandTicket) {
        self.ticket = ticket
    }

    func newState(box: StateBox<RssState>) {
        guard let outcome = box.state.outcomes[ticket] else { return }
        waiting.withLock { $0.take() }?.resume(returning: outcome)
    }
}
