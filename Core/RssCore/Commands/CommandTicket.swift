import Foundation

/// Names one command a front dispatched, so that it can learn what became of it (``RssState/outcomes``,
/// ``ReduxVM/Store/outcome(of:)``) without reading the notices: an import's feeds added and refused, a rule's
/// articles changed, the problem that stopped it.
///
/// The front makes the ticket and gives it to the action; the store records the outcome under it once the
/// command is over.
///
/// ```swift
/// let ticket = CommandTicket()
/// store.dispatch(ImportOPML(file: url, ticket: ticket))
/// let outcome = await store.outcome(of: ticket)
/// ```
public struct CommandTicket: Hashable, Sendable, Codable {
    let id: UUID

    /// A ticket no other command has.
    public init() {
        id = UUID()
    }
}
