/// Groups related side effects with the dependencies they share (an HTTP client, a database, a clock).
///
/// The store holds a registered service for its whole life and, after every processed action, asks each
/// of its side effects in order whether to run. Services are notified before any presenter or subscriber,
/// in registration order, so that work they start is already queued when views render.
///
/// Dependencies are passed to the service's initialiser, so tests build the same service with fakes.
///
/// ```swift
/// final class FeedService: Service {
///     typealias State = AppState
///     let fetcher: any Fetcher
///     init(fetcher: any Fetcher) { self.fetcher = fetcher }
///     var sideEffects: [any SideEffect<FeedService>] { [RefreshSE()] }
/// }
/// ```
public protocol Service<State>: AnyObject, Sendable {
    /// The store's root state; declare it with a `typealias` when no member of the service names it.
    associatedtype State: Sendable

    /// The side effects of this service, asked in this order; read once, when the service is registered.
    var sideEffects: [any SideEffect<Self>] { get }

    /// Called once on the store's executor when the service is registered, with the current state.
    func onInit(state: State, trunk: Trunk<State>)
}

extension Service {
    /// Does nothing by default.
    public func onInit(state: State, trunk: Trunk<State>) {}
}
