/// What every subscriber receives: the new state, the previous state, the action that led from one to the
/// other, and helpers to ask what changed.
///
/// A box is an immutable snapshot. Keeping one and reading it later (on any thread) shows the state as it was
/// when the box was made, whatever the store has processed since.
///
/// ```swift
/// func reaction(for box: StateBox<AppState>) -> Reaction {
///     box.isNew(keyPath: \.articles.unreadCount) || box.lastAction(is: (any ArticlesTag).self) ? .props : .none
/// }
/// ```
public struct StateBox<State: Sendable>: Sendable {
    @usableFromInline let snapshot: StateSnapshot<State>

    /// True when this is the subscriber's first delivery after subscribing: every ``isNew(keyPath:)`` is then
    /// true, so a view always renders once with the current state.
    public let isInitialDelivery: Bool

    @inlinable
    init(snapshot: StateSnapshot<State>, isInitialDelivery: Bool) {
        self.snapshot = snapshot
        self.isInitialDelivery = isInitialDelivery
    }

    /// The state after ``lastAction``.
    @inlinable public var state: State { snapshot.new }

    /// The state before ``lastAction``; equal to ``state`` on an initial delivery.
    @inlinable public var oldState: State { snapshot.old }

    /// The action that produced ``state``; `nil` on an initial delivery.
    @inlinable public var lastAction: (any Action<State>)? { snapshot.action }

    /// Where ``lastAction`` was dispatched; `nil` on an initial delivery.
    public var lastActionContext: DispatchContext? { snapshot.context }

    /// Whether the value at `keyPath` is new to this subscriber: true on its first delivery, otherwise true
    /// exactly when the value differs between ``oldState`` and ``state``.
    @inlinable
    public func isNew<Value: Equatable>(keyPath: KeyPath<State, Value>) -> Bool {
        isInitialDelivery || snapshot.old[keyPath: keyPath] != snapshot.new[keyPath: keyPath]
    }

    /// Whether the last action is of type `type` or conforms to it, so a marker protocol works as a UI tag:
    /// `box.lastAction(is: (any SourcesTag).self)`.
    @inlinable
    public func lastAction<T>(is type: T.Type) -> Bool {
        snapshot.action is T
    }

    /// The last action as `type`, or `nil` when it is another kind of action (or there is none).
    @inlinable
    public func lastAction<T>(as type: T.Type) -> T? {
        snapshot.action as? T
    }
}
