/// One action as the store processed it, for test tooling that watches a store from the inside.
@usableFromInline
package struct ProcessedAction<State: Sendable>: Sendable {
    /// The action.
    package let action: any Action<State>
    /// Where and when it was dispatched.
    package let context: DispatchContext
    /// The state before the action.
    package let oldState: State
    /// The state after the action (equal to `oldState` when dropped).
    package let newState: State
    /// Whether a middleware dropped the action.
    package let wasDropped: Bool
}
