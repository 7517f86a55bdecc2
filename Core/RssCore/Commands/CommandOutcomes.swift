import ReduxVM

/// The outcomes of the latest commands dispatched with a ticket, for their fronts to read (``RssState/outcomes``,
/// ``ReduxVM/Store/outcome(of:dispatching:)``): the newest 256, so that the state stays small however many commands a
/// long-running front sends, while a front waiting for its own finds it at once.
public struct CommandOutcomes: Sendable, Equatable {
    /// Outcomes kept.
    static let capacity = 256

    private var entries: [(ticket: CommandTicket, outcome: CommandOutcome)] = []

    /// The outcome of the command `ticket` names, once it is over.
    public subscript(ticket: CommandTicket) -> CommandOutcome? {
        entries.last { $0.ticket == ticket }?.outcome
    }

    /// Records what became of the command `ticket` names (nothing without a ticket).
    mutating func record(_ outcome: CommandOutcome, for ticket: CommandTicket?) {
        guard let ticket else { return }
        entries.append((ticket, outcome))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    public static func == (a: CommandOutcomes, b: CommandOutcomes) -> Bool {
        a.entries.elementsEqual(b.entries) { $0.ticket == $1.ticket && $0.outcome == $1.outcome }
    }
}

/// A command dispatched with a ticket is over: its outcome, recorded for the front that waits for it (a side
/// effect's last word when nothing else it dispatches says so).
struct CommandEnded: JournaledAction {
    /// The name in journals, fixed so that renaming the type keeps old journals readable.
    static let journalName = "RssCore.CommandEnded"
    let ticket: CommandTicket
    let outcome: CommandOutcome

    func updateState(_ state: inout RssState) {
        state.outcomes.record(outcome, for: ticket)
    }
}
