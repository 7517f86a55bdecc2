/// The immutable record of one processed action: the state before, the state after and the action.
///
/// One snapshot is shared by every subscriber notified about that action; each gets a ``StateBox`` that
/// points at it. Being a class keeps the per-subscriber cost to one reference, and being immutable makes it
/// safe to keep or hand to another thread: later actions never change it.
@usableFromInline
final class StateSnapshot<State: Sendable>: Sendable {
    @usableFromInline let old: State
    @usableFromInline let new: State
    @usableFromInline let action: (any Action<State>)?
    @usableFromInline let context: DispatchContext?

    @inlinable
    init(old: State, new: State, action: (any Action<State>)?, context: DispatchContext?) {
        self.old = old
        self.new = new
        self.action = action
        self.context = context
    }

    /// A snapshot for a subscriber's first delivery: no action, nothing to compare against.
    @inlinable
    convenience init(current: State) {
        self.init(old: current, new: current, action: nil, context: nil)
    }
}
