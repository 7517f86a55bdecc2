/// Sees every action before the reducer, in the order the store declares, on the store's executor.
///
/// Use it for cross-cutting work that needs no state (logging, counting); return ``MiddlewareVerdict/drop``
/// to stop an action. It must not block: it runs on the store's executor between actions.
///
/// ```swift
/// struct DropInDemo: Middleware {
///     func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict {
///         action is NetworkAction ? .drop : .proceed
///     }
/// }
/// ```
public protocol Middleware: Sendable {
    /// Observes `action`, dispatched at `context`, and decides whether it goes on.
    func on(action: any Action, context: DispatchContext) -> MiddlewareVerdict
}

/// A middleware that also sees the state as it is before the action is reduced.
///
/// Stated middleware runs after every plain ``Middleware``, in declared order.
public protocol StatedMiddleware<State>: Sendable {
    /// The store's root state.
    associatedtype State: Sendable

    /// Observes `action` with the pre-reduce `state` and decides whether it goes on.
    func on(action: any Action<State>, state: State, context: DispatchContext) -> MiddlewareVerdict
}
