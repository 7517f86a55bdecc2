/// A reaction to a state change: a pure condition, and work that reports back only by dispatching.
///
/// The recommended shape is `StartAction → condition → execute → FinishAction`: an action records the
/// intent in the state, the condition recognises it, `execute` does the work (asynchronously through
/// ``Trunk/run(id:cancellingInFlight:in:priority:operation:)``, which the store tracks and can cancel) and a
/// finishing action records the outcome, on which the next side effect can hook.
///
/// ```swift
/// struct LoadSE: SideEffect {
///     func condition(box: StateBox<AppState>) -> Bool {
///         box.lastAction(is: StartLoad.self)
///     }
///     func execute(box: StateBox<AppState>, trunk: Trunk<AppState>, service: FeedService) {
///         let url = box.state.feed.url
///         trunk.run(id: "load") {
///             let result = await service.fetcher.fetch(url)
///             trunk.dispatch(FinishLoad(result: result))
///         }
///     }
/// }
/// ```
public protocol SideEffect<Owner>: Sendable {
    /// The service this side effect belongs to.
    associatedtype Owner: Service

    /// Whether to run for this change. Pure: decides from the box alone, on the store's executor.
    func condition(box: StateBox<Owner.State>) -> Bool

    /// Does the work on the store's executor; must not block it. Long or async work goes through
    /// `trunk.run`, and results come back as dispatched actions.
    func execute(box: StateBox<Owner.State>, trunk: Trunk<Owner.State>, service: Owner)
}
