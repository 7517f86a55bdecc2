/// What every subscriber receives: the new state, the previous state, the action that led from one to the
/// other, and helpers to ask what changed.
///
/// A box is an immutable value. Keeping one and reading it later (on any thread) shows the state as it was
/// when the box was made, whatever the store has processed since.
///
/// ```swift
/// func reaction(for box: StateBox<AppState>) -> Reaction {
///     box.isNew(keyPath: \.articles.unreadCount) || box.lastAction(is: (any ArticlesTag).self) ? .props : .none
/// }
/// ```
public struct StateBox<State: Sendable>: Sendable {
    /// The state after ``lastAction``.
    public let state: State

    /// The state before ``lastAction``; equal to ``state`` on an initial delivery.
    public let oldState: State

    /// The action that produced ``state``; `nil` on an initial delivery.
    @inlinable public var lastAction: (any Action<State>)? { action }
    @usableFromInline var action: (any Action<State>)?

    /// Where ``lastAction`` was dispatched; `nil` on an initial delivery.
    public let lastActionContext: DispatchContext?

    /// True when this is the subscriber's first delivery after subscribing: every ``isNew(keyPath:)`` is then
    /// true, so a view always renders once with the current state.
    public let isInitialDelivery: Bool

    // The store makes one box per action and lends it to every subscriber in turn (a parameter is borrowed),
    // so a box costs no allocation and no reference counting per subscriber; a subscriber that keeps it copies
    // it, and copy-on-write then keeps its states as they were.
    @inlinable
    init(old: State, new: State, action: (any Action<State>)?, context: DispatchContext?, isInitialDelivery: Bool) {
        self.state = new
        self.oldState = old
        self.action = action
        self.lastActionContext = context
        self.isInitialDelivery = isInitialDelivery
    }

    /// A box for a subscriber's first delivery: no action, nothing to compare against.
    @inlinable
    init(current: State) {
        self.init(old: current, new: current, action: nil, context: nil, isInitialDelivery: true)
    }

    /// Moves the action out, for the store to keep once every subscriber has seen the box.
    @inlinable
    mutating func takeAction() -> (any Action<State>)? {
        action.take()
    }

    /// Whether the value at `keyPath` is new to this subscriber: true on its first delivery, otherwise true
    /// exactly when the value differs between ``oldState`` and ``state``.
    @inlinable
    public func isNew<Value: Equatable>(keyPath: KeyPath<State, Value>) -> Bool {
        isInitialDelivery || oldState[keyPath: keyPath] != state[keyPath: keyPath]
    }

    /// Whether the last action is of type `type` or conforms to it, so a marker protocol works as a UI tag:
    /// `box.lastAction(is: (any SourcesTag).self)`.
    @inlinable
    public func lastAction<T>(is type: T.Type) -> Bool {
        action is T
    }

    /// The last action as `type`, or `nil` when it is another kind of action (or there is none).
    @inlinable
    public func lastAction<T>(as type: T.Type) -> T? {
        action as? T
    }
}
