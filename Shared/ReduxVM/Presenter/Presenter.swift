/// Maps state to the props of one view.
///
/// A presenter runs on the store's executor: ``reaction(for:)`` cheaply decides whether a change concerns
/// its view, ``props(for:trunk:)`` computes the props, and the store delivers them to the view on the view's
/// own executor, skipping props equal to the ones last delivered. The first delivery after subscribing
/// always renders, whatever ``reaction(for:)`` says, so a view never shows stale data.
///
/// ```swift
/// struct CounterPresenter: Presenter {
///     func reaction(for box: StateBox<AppState>) -> Reaction {
///         box.isNew(keyPath: \.count) ? .props : .none
///     }
///     func props(for box: StateBox<AppState>, trunk: Trunk<AppState>) -> CounterProps? {
///         CounterProps(text: "\(box.state.count)", increment: Command(dispatching: Increment(), via: trunk))
///     }
/// }
/// ```
public protocol Presenter<State>: Sendable {
    /// The store's root state.
    associatedtype State: Sendable
    /// What the view displays: plain data and commands.
    associatedtype Props: Equatable & Sendable

    /// Whether this change concerns the view. Defaults to ``Reaction/props``.
    func reaction(for box: StateBox<State>) -> Reaction

    /// The view's props for this state, or nil to deliver nothing.
    func props(for box: StateBox<State>, trunk: Trunk<State>) -> Props?

    /// Called on the store's executor when the presenter is connected, before its first delivery.
    func onInit(state: State, trunk: Trunk<State>)

    /// Called on the store's executor when the presenter is disconnected or its view has gone away.
    func onDeinit(state: State, trunk: Trunk<State>)
}

extension Presenter {
    /// Reacts to every change by default; equal props are still not re-delivered.
    public func reaction(for box: StateBox<State>) -> Reaction { .props }

    /// Does nothing by default.
    public func onInit(state: State, trunk: Trunk<State>) {}

    /// Does nothing by default.
    public func onDeinit(state: State, trunk: Trunk<State>) {}
}
