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
    @inlinable public var state: State { current }

    /// The state before ``lastAction``; equal to ``state`` on an initial delivery.
    @inlinable public var oldState: State { previous }

    /// The action that produced ``state``; `nil` on an initial delivery.
    @inlinable public var lastAction: (any Action<State>)? { action }

    /// Where ``lastAction`` was dispatched; `nil` on an initial delivery.
    @inlinable public var lastActionContext: DispatchContext? { context }

    /// True when this is the subscriber's first delivery after subscribing: every ``isNew(keyPath:)`` is then
    /// true, so a view always renders once with the current state.
    public let isInitialDelivery: Bool

    // The store keeps one box for good and brings it up to date in place for each action (its two states are
    // the store's two copies), then lends it to every subscriber in turn (a parameter is borrowed): a box
    // costs no allocation and no copy of either state per action, and no reference counting per subscriber.
    // A subscriber that keeps it copies it, and copy-on-write then keeps its states as they were.
    @usableFromInline var current: State
    @usableFromInline var previous: State
    @usableFromInline var action: (any Action<State>)?
    @usableFromInline var context: DispatchContext?

    @inlinable
    init(old: State, new: State, action: (any Action<State>)?, context: DispatchContext?, isInitialDelivery: Bool) {
        self.current = new
        self.previous = old
        self.action = action
        self.context = context
        self.isInitialDelivery = isInitialDelivery
    }

    /// Records the action that produced ``state``.
    ///
    /// A method rather than two assignments in the store: after a stored property of the box is assigned,
    /// Swift 6.3 cannot `consume` the box, and the store must move it, not copy it.
    @inlinable
    mutating func setLastAction(_ action: consuming any Action<State>, context: consuming DispatchContext) {
        self.action = action
        self.context = context
    }

    /// A box for a subscriber's first delivery: no action, nothing to compare against.
    @inlinable
    init(current: State) {
        self.init(old: current, new: current, action: nil, context: nil, isInitialDelivery: true)
    }

    /// Whether the value at `keyPath` is new to this subscriber: true on its first delivery, otherwise true
    /// exactly when the value differs between ``oldState`` and ``state``.
    @inlinable
    public func isNew<Value: Equatable>(keyPath: KeyPath<State, Value>) -> Bool {
        isInitialDelivery || previous[keyPath: keyPath] != current[keyPath: keyPath]
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
