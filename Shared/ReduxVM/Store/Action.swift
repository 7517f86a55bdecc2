/// A value that describes one change to the state; its ``updateState(_:)`` is the reducer.
///
/// The reducer must be pure: it reads only the action's own fields and the state, does no I/O and reads no
/// clock or random source. The store relies on this (it may apply an action to a second copy of the state
/// to avoid copying large states, and a journal replays actions to rebuild a state), so anything
/// time- or identity-dependent belongs in the action's fields, filled when the action is made.
///
/// ```swift
/// struct Increment: Action {
///     var by = 1
///     func updateState(_ state: inout CounterState) { state.count += by }
/// }
/// ```
public protocol Action<State>: Sendable {
    /// The root state this action changes.
    associatedtype State: Sendable

    /// Applies the change to `state`. Pure and synchronous.
    func updateState(_ state: inout State)
}
